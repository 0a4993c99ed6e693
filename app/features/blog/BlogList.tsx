// /blog: the store's posts, newest first, a page at a time, with the tags to narrow them down.
// Paging and tags are links (no JavaScript needed); the scroll rule of spec section 2 keeps the
// place and brings the list into view.
import { useTranslations } from "use-intl";
import { blogListPath } from "../../../core/blog";
import { LocalLink } from "../../lib/localized";
import { Pagination } from "../../ui/Pagination";
import { PageHeader } from "../content/PageHeader";
import { BlogCard } from "./BlogCard";
import type { BlogListData } from "./blog-data";

export function BlogList({ data }: { data: BlogListData }) {
  const t = useTranslations("Blog");
  const chip = "inline-block rounded-full border px-3 py-1.5 text-sm font-medium transition";
  return (
    <>
      <PageHeader title={t("blog")} path="/blog" />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12" data-page-content>
        {data.tags.length > 0 ? (
          <nav aria-label={t("tags")} className="mb-8">
            <ul className="flex flex-wrap gap-2">
              <li>
                <LocalLink
                  to={blogListPath({})}
                  preventScrollReset
                  aria-current={data.tag === null ? "page" : undefined}
                  className={`${chip} ${data.tag === null ? "border-brand bg-brand text-white" : "border-slate-300 text-slate-700 hover:border-brand hover:text-brand"}`}
                >
                  {t("allPosts")}
                </LocalLink>
              </li>
              {data.tags.map((tag) => (
                <li key={tag.name}>
                  <LocalLink
                    to={blogListPath({ tag: tag.name })}
                    preventScrollReset
                    aria-current={data.tag === tag.name ? "page" : undefined}
                    className={`${chip} ${data.tag === tag.name ? "border-brand bg-brand text-white" : "border-slate-300 text-slate-700 hover:border-brand hover:text-brand"}`}
                  >
                    {tag.name}{" "}
                    <span className="sr-only">
                      {t(tag.count === 1 ? "tagCountOne" : "tagCount", { count: tag.count })}
                    </span>
                  </LocalLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {data.tag ? (
          <p className="mb-6 text-slate-700" data-testid="blog-filter">
            {t("postsTagged", { tag: data.tag, total: data.total })}{" "}
            <LocalLink to={blogListPath({})} preventScrollReset className="font-medium text-brand underline">
              {t("showAllPosts")}
            </LocalLink>
          </p>
        ) : null}
        {data.posts.length === 0 ? (
          <p className="py-12 text-center text-slate-600">{t("noPosts")}</p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.posts.map((p, i) => (
              <BlogCard key={p.slug} post={p} eager={i < 3} />
            ))}
          </div>
        )}
        <Pagination
          current={data.page}
          pages={data.pages}
          href={(p) => blogListPath({ tag: data.tag, page: p })}
        />
      </div>
    </>
  );
}
