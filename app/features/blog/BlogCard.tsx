// A post in the blog's list: cover, date, title (the card's link), summary and tags.
import { type BlogPostSummary, blogPostPath, formatBlogDate } from "../../../core/blog";
import { fallbackLang } from "../../../core/translation";
import { LocalLink, useLanguage } from "../../lib/localized";
import { TagLinks } from "./TagLinks";

export function BlogCard({ post, eager }: { post: BlogPostSummary; eager?: boolean }) {
  const { lang } = useLanguage();
  return (
    <article
      className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
      data-testid="blog-card"
    >
      {post.cover ? (
        <img
          src={post.cover.url}
          width={post.cover.width}
          height={post.cover.height}
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[1200/630] h-auto w-full bg-slate-100 object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="aspect-[1200/630] w-full bg-gradient-to-br from-brand/20 to-slate-100"
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        <time dateTime={post.publishedAt} className="text-sm text-slate-600">
          {formatBlogDate(post.publishedAt, lang)}
        </time>
        <h2
          className="mt-1 text-lg font-semibold leading-snug text-slate-900"
          lang={fallbackLang(post, "title")}
        >
          {/* The title's link covers the card; the tags sit above it. */}
          <LocalLink to={blogPostPath(post.slug)} className="after:absolute after:inset-0 hover:text-brand">
            {post.title}
          </LocalLink>
        </h2>
        {post.excerpt ? (
          <p className="mt-2 line-clamp-3 flex-1 text-slate-600" lang={fallbackLang(post, "excerpt")}>
            {post.excerpt}
          </p>
        ) : null}
        <TagLinks tags={post.tags} className="relative z-10 mt-4" />
      </div>
    </article>
  );
}
