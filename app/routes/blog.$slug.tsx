// /blog/{slug}: one published post; drafts, scheduled posts and unknown slugs are a 404 page
// that keeps the shop around it.
import { data, isRouteErrorResponse } from "react-router";
import { useTranslations } from "use-intl";
import { blogPostPath } from "../../core/blog";
import { customerVatText } from "../../core/pricing";
import { getBlogPost } from "../../services/blog";
import { requestEnv } from "../context";
import { BlogPostPage } from "../features/blog/BlogPostPage";
import type { BlogPostData } from "../features/blog/blog-data";
import { blogFeedLink } from "../features/blog/feed-link";
import { RouteFailure } from "../features/errors/ErrorReporter";
import { envCustomer } from "../features/layout/root-data.server";
import { metaTranslator } from "../lib/i18n";
import { LocalLink } from "../lib/localized";
import { notFoundMeta, seoMeta } from "../lib/seo";
import type { Route } from "./+types/blog.$slug";

export async function loader({ context, params }: Route.LoaderArgs): Promise<BlogPostData> {
  const env = context.get(requestEnv);
  const customer = envCustomer(env);
  const found = /^[a-z0-9-]{1,120}$/.test(params.slug)
    ? await getBlogPost(env.store, params.slug, customer)
    : null;
  if (!found) throw data(null, { status: 404 });
  return {
    ...found,
    showStock: env.store.settings.showStock,
    vatText: customerVatText(customer),
  };
}

export function meta(args: Route.MetaArgs) {
  const post = args.data?.post;
  if (!post) return notFoundMeta(args.matches, metaTranslator(args.matches, "Blog")("postNotFound"));
  return [
    ...seoMeta(args, {
      page: "blog",
      path: blogPostPath(post.slug),
      title: post.seoTitle ?? post.title,
      description: post.seoDescription ?? post.excerpt,
      image: post.cover?.url ?? null,
      type: "article",
    }),
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.updatedAt },
    ...post.tags.map((t) => ({ property: "article:tag", content: t })),
    blogFeedLink(args.matches),
  ];
}

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  return <BlogPostPage data={loaderData} />;
}

function PostNotFound() {
  const t = useTranslations("Blog");
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="blog-not-found">
      <h1 className="text-3xl font-bold text-slate-900">{t("postNotFound")}</h1>
      <p className="mt-4 text-slate-600">{t("postNotFoundText")}</p>
      <LocalLink to="/blog" className="mt-6 inline-block font-medium text-brand underline">
        {t("seeAllPosts")}
      </LocalLink>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <PostNotFound />;
  return <RouteFailure error={error} />;
}
