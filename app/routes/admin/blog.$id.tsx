// /admin/blog/:id: one post's editor, its state and last change, "View on the shop" once it is
// published, and delete after a confirmation. A role that may only read sees every field disabled.
import { useFetcher, useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { blogPostPath } from "../../../core/blog";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { BlogPostForm } from "../../admin/blog/BlogPostForm";
import { readBlogForm } from "../../admin/blog/blog-form";
import { StateBadge } from "../../admin/blog/state";
import { finishDelete, text } from "../../admin/content/records";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { formatDateTime } from "../../admin/lib/format";
import { useCan } from "../../admin/session";
import { buttonClass } from "../../admin/ui/AdminForm";
import { ConfirmButton } from "../../admin/ui/ConfirmButton";
import { Badge, PageHeader } from "../../admin/ui/Page";

export function meta({ data }: { data?: { title: string } }) {
  return [
    { title: `${data?.title ?? "Post"} · Blog · Back office` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

const idOf = (params: { id?: string }) => {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

export async function clientLoader({ params }: { params: { id?: string } }) {
  return callAdmin(adminRoutes.blog.get, { params: { id: idOf(params) } });
}

export async function clientAction({ request, params }: { request: Request; params: { id?: string } }) {
  const id = idOf(params);
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
  const post = useLoaderData<typeof clientLoader>();
  const canWrite = useCan()("content.write");
  const remove = useFetcher();
  return (
    <>
      <PageHeader
        title={post.title}
        back={{ to: "/admin/blog", label: "Blog" }}
        actions={
          <>
            {post.state === "published" ? (
              <a
                href={blogPostPath(post.slug)}
                className={buttonClass("secondary")}
                target="_blank"
                rel="noreferrer"
              >
                View on the shop<span className="sr-only"> (opens a new tab)</span>
              </a>
            ) : null}
            {canWrite ? (
              <ConfirmButton
                title="Delete this post?"
                message={`“${post.title}” leaves the shop at once, with its cover picture. This cannot be undone.`}
                confirmLabel="Delete post"
                onConfirm={async () => {
                  await remove.submit({ intent: "delete", version: post.version }, { method: "post" });
                }}
              >
                Delete
              </ConfirmButton>
            ) : null}
          </>
        }
      >
        <span className="inline-flex flex-wrap items-center gap-2">
          <StateBadge state={post.state} />
          {post.state === "scheduled" ? <span>Shows from {formatDateTime(post.publishedAt)}</span> : null}
          <span aria-hidden="true">·</span>
          <span>Changed {formatDateTime(post.updatedAt)}</span>
          {canWrite ? null : <Badge>Read only</Badge>}
        </span>
      </PageHeader>
      <BlogPostForm
        key={post.version}
        post={post}
        readOnly={!canWrite}
        intent="update"
        submitLabel="Save post"
      />
    </>
  );
}
