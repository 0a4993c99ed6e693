// One blog post as the storefront shows it (and the back office's preview, so the writer sees
// exactly what shoppers will): tags, title, date and author, the cover, the body (sanitised and
// with sized pictures when it was stored: services/blog-body.ts), then what the page adds below
// (related products) and the links to the older and newer posts.
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import {
  type BlogNeighbour,
  type BlogPostView,
  blogListPath,
  blogPostPath,
  formatBlogDate,
} from "../../../core/blog";
import { fallbackLang } from "../../../core/translation";
import { LocalLink, useLanguage } from "../../lib/localized";
import { ChevronLeftIcon, ChevronRightIcon } from "../../ui/icons";
import { TagLinks } from "./TagLinks";

/** Headings, lists, quotes, pictures and links of a post's body, without a typography plugin. */
const BODY =
  "blog-body mt-8 space-y-4 text-[1.0625rem] leading-relaxed text-slate-700 [&_a]:text-brand [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-slate-500 [&_h2]:pt-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:pt-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 [&_h4]:font-semibold [&_h4]:text-slate-900 [&_hr]:my-8 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:ml-6 [&_ol]:list-decimal [&_strong]:text-slate-900 [&_ul]:list-disc";

function NeighbourLink({ post, rel }: { post: BlogNeighbour; rel: "prev" | "next" }) {
  const t = useTranslations("Blog");
  const next = rel === "next";
  return (
    <LocalLink
      to={blogPostPath(post.slug)}
      rel={rel}
      className={`group rounded-lg border border-slate-200 p-4 transition hover:border-brand ${next ? "text-right" : ""}`}
    >
      <span className={`flex items-center gap-1 text-sm text-slate-600 ${next ? "justify-end" : ""}`}>
        {next ? null : <ChevronLeftIcon size={14} />}
        {next ? t("nextPost") : t("previousPost")}
        {next ? <ChevronRightIcon size={14} /> : null}
      </span>
      <span
        className="mt-1 block font-medium text-slate-900 group-hover:text-brand"
        lang={fallbackLang(post, "title")}
      >
        {post.title}
      </span>
    </LocalLink>
  );
}

export function BlogArticle({ post, related }: { post: BlogPostView; related?: ReactNode }) {
  const { lang } = useLanguage();
  const t = useTranslations("Blog");
  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:py-12" data-testid="blog-article" data-page-content>
      <div className="mx-auto max-w-3xl">
        <header>
          <TagLinks tags={post.tags} />
          <h1
            className="mt-3 text-3xl font-bold leading-tight text-slate-900 sm:text-4xl"
            lang={fallbackLang(post, "title")}
          >
            {post.title}
          </h1>
          <p className="mt-3 text-sm text-slate-600">
            <time dateTime={post.publishedAt}>{formatBlogDate(post.publishedAt, lang)}</time>
            {post.author ? <span> · {post.author}</span> : null}
          </p>
        </header>
        {post.cover ? (
          <img
            src={post.cover.url}
            width={post.cover.width}
            height={post.cover.height}
            alt={post.cover.alt}
            lang={fallbackLang(post, "coverAlt")}
            fetchPriority="high"
            className="mt-8 h-auto w-full rounded-xl bg-slate-100 object-cover"
          />
        ) : null}
        <div
          className={BODY}
          lang={fallbackLang(post, "html")}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html when it was stored (services/blog-body.ts).
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
      </div>
      {related}
      <nav
        aria-label={t("morePosts")}
        className="mx-auto mt-12 grid max-w-3xl gap-4 border-t border-slate-200 pt-8 sm:grid-cols-2"
        data-testid="blog-neighbours"
      >
        {post.previous ? <NeighbourLink post={post.previous} rel="prev" /> : <span />}
        {post.next ? <NeighbourLink post={post.next} rel="next" /> : null}
      </nav>
      <p className="mt-8 text-center">
        <LocalLink to={blogListPath({})} className="font-medium text-brand hover:underline">
          {t("allPosts")}
        </LocalLink>
      </p>
    </article>
  );
}
