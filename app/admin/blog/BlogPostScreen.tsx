// One blog post's editor: its state and last change, "View on the shop" once published, delete.
import { useFetcher } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { blogPostPath } from "../../../core/blog";
import { callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { idParam } from "../lib/params";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { Badge, PageHeader } from "../ui/Page";
import { BlogPostForm } from "./BlogPostForm";
import { StateBadge } from "./state";

export async function loadBlogPost({ params }: { params: { id?: string } }) {
  return callAdmin(adminRoutes.blog.get, { params: { id: idParam(params) } });
}

export type BlogPostScreenData = Awaited<ReturnType<typeof loadBlogPost>>;

export function BlogPostScreen({ data }: { data: BlogPostScreenData }) {
  const post = data;
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
