// The blog screen: the posts, their filters and page in the URL.
import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { type AdminBlogPostRow, BLOG_POST_STATES, type BlogPostState } from "../../../core/api/admin/blog";
import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { DataTable, FilterBar, filterControl, listParams } from "../ui/DataTable";
import { PageHeader } from "../ui/Page";
import { STATE_LABEL, StateBadge } from "./state";

const PAGE_SIZE = 25;

export async function loadBlog({ request }: { request: Request }) {
  const { params, page } = listParams(request.url, { sort: "updated" });
  const state = (BLOG_POST_STATES as readonly string[]).includes(params.get("state") ?? "")
    ? (params.get("state") as BlogPostState)
    : "all";
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const list = await callAdmin(adminRoutes.blog.list, {
    query: { state, page, limit: PAGE_SIZE, ...(q ? { q } : {}) },
  });
  return { list, filters: { state, q } };
}

export type BlogScreenData = Awaited<ReturnType<typeof loadBlog>>;

const col = createColumnHelper<AdminBlogPostRow>();
const columns = [
  col.accessor("title", {
    header: "Title",
    cell: (c) => <span className="inline-block min-w-40">{c.getValue()}</span>,
  }),
  col.accessor("state", { header: "Status", cell: (c) => <StateBadge state={c.getValue()} /> }),
  col.accessor("publishedAt", {
    header: "Publish date",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
  col.accessor("tags", {
    header: "Tags",
    cell: (c) => (c.getValue().length ? c.getValue().join(", ") : "—"),
  }),
  col.accessor("updatedAt", {
    header: "Last change",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
];

export function BlogScreen({ data }: { data: BlogScreenData }) {
  const { list, filters } = data;
  const canWrite = useCan()("content.write");
  const key = JSON.stringify(filters);
  return (
    <>
      <PageHeader
        title="Blog"
        actions={
          canWrite ? (
            <Link to="/admin/blog/new" className={buttonClass()}>
              New post
            </Link>
          ) : null
        }
      >
        Posts shoppers read at /blog. A published post with a date still to come is scheduled: the shop shows
        it from that moment.
      </PageHeader>
      <FilterBar label="Filter posts">
        <div>
          <label htmlFor="b-q" className="block text-sm font-medium text-slate-800">
            Search titles
          </label>
          <input
            id="b-q"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            key={`q${key}`}
            className={`${filterControl} w-56`}
          />
        </div>
        <div>
          <label htmlFor="b-state" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select id="b-state" name="state" key={`s${key}`} className={filterControl}>
            <option value="" selected={filters.state === "all"}>
              Any
            </option>
            {BLOG_POST_STATES.map((s) => (
              <option key={s} value={s} selected={filters.state === s}>
                {STATE_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
      </FilterBar>
      <div className="relative overflow-clip [overflow-clip-margin:8px]">
        <DataTable
          caption="Blog posts"
          columns={columns}
          rows={list.items}
          total={list.total}
          page={list.page}
          pageSize={list.limit}
          rowHref={(r) => `/admin/blog/${r.id}`}
          empty={
            filters.q || filters.state !== "all"
              ? "No posts match these filters."
              : "No posts yet: write the first one."
          }
        />
      </div>
    </>
  );
}
