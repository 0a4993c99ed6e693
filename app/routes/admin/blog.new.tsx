// /admin/blog/new: write a post; once saved, its editor opens.
import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { BlogPostForm } from "../../admin/blog/BlogPostForm";
import { readBlogForm } from "../../admin/blog/blog-form";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { useCan } from "../../admin/session";
import { PageHeader } from "../../admin/ui/Page";

export function meta() {
  return [{ title: "New post · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientAction({ request }: { request: Request }) {
  const read = readBlogForm(await request.formData());
  if (!read.ok) return invalid(read.fields);
  return adminAction(
    read.input.status === "published" ? "Post saved and published." : "Post saved as a draft.",
    () => callAdmin(adminRoutes.blog.create, { body: read.input }),
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminNewBlogPost() {
  const canWrite = useCan()("content.write");
  const navigate = useNavigate();
  const fetcher = useFetcher<Awaited<ReturnType<typeof clientAction>>>({ key: "new-blog-post" });
  const created = fetcher.data?.ok ? (fetcher.data.data as { id: number } | undefined) : undefined;
  useEffect(() => {
    if (created) navigate(`/admin/blog/${created.id}`);
  }, [created, navigate]);
  return (
    <>
      <PageHeader title="New post" back={{ to: "/admin/blog", label: "Blog" }} />
      <BlogPostForm
        post={null}
        readOnly={!canWrite}
        intent="create"
        submitLabel="Save post"
        fetcherKey="new-blog-post"
      />
    </>
  );
}
