// /admin/blog/:id: one post's editor, its state and last change, "View on the shop" once it is
// published, and delete after a confirmation. A role that may only read sees every field disabled.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { BlogPostScreen, loadBlogPost } from "../../admin/blog/BlogPostScreen";
import { readBlogForm } from "../../admin/blog/blog-form";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { idParam } from "../../admin/lib/params";
import { finishDelete, text } from "../../admin/records/records";

export function meta({ data }: { data?: { title: string } }) {
  return [
    { title: `${data?.title ?? "Post"} · Blog · Back office` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export async function clientLoader({ params }: { params: { id?: string } }) {
  return loadBlogPost({ params });
}

export async function clientAction({ request, params }: { request: Request; params: { id?: string } }) {
  const id = idParam(params);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "delete")
    return finishDelete(
      "Post deleted.",
      () => callAdmin(adminRoutes.blog.remove, { params: { id }, query: { version: text(form, "version") } }),
      "/admin/blog",
    );
  if (intent !== "update") return invalid({}, "Unknown action.");
  const read = readBlogForm(form);
  if (!read.ok) return invalid(read.fields);
  const message =
    read.input.status === "draft"
      ? "Post saved as a draft: the shop does not show it."
      : "Post saved. The shop shows it from its publish date.";
  return adminAction(message, () =>
    callAdmin(adminRoutes.blog.update, { params: { id }, body: { ...read.input, version: read.version } }),
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminBlogPost() {
  return <BlogPostScreen data={useLoaderData<typeof clientLoader>()} />;
}
