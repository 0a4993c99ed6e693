// /blog: the store's posts, newest first, paged (?page=2) and narrowed by tag (?tag=guides).
import { normaliseTag } from "../../core/blog";
import { listBlogPosts } from "../../services/blog";
import { requestEnv } from "../context";
import { BlogList } from "../features/blog/BlogList";
import type { BlogListData } from "../features/blog/blog-data";
import { blogFeedLink } from "../features/blog/feed-link";
import { metaTranslator } from "../lib/i18n";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/blog";

export async function loader({ context, request }: Route.LoaderArgs): Promise<BlogListData> {
  const { store } = context.get(requestEnv);
  const query = new URL(request.url).searchParams;
  const tag = normaliseTag(query.get("tag") ?? "").slice(0, 40) || null;
  const page = Number(query.get("page") ?? "1");
  const list = await listBlogPosts(store, { tag, page: Number.isFinite(page) ? page : 1 });
  return { ...list, tag };
}

export function meta(args: Route.MetaArgs) {
  const d = args.data;
  const q = new URLSearchParams();
  if (d?.tag) q.set("tag", d.tag);
  if (d && d.page > 1) q.set("page", String(d.page));
  return [
    ...seoMeta(args, {
      page: "blog",
      path: q.size ? `/blog?${q}` : "/blog",
      title: d?.tag ? metaTranslator(args.matches, "Blog")("tagTitle", { tag: d.tag }) : undefined,
    }),
    blogFeedLink(args.matches),
  ];
}

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  return <BlogList data={loaderData} />;
}
