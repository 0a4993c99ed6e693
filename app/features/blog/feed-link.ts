// The <link rel="alternate"> that lets feed readers find the blog's RSS feed from its pages.
import { metaTranslator } from "../../lib/i18n";
import { siteFromMatches } from "../../lib/seo";

/** The path of the RSS feed (server/seo.ts serves it). */
export const BLOG_FEED_PATH = "/blog/rss.xml";

export function blogFeedLink(matches: Parameters<typeof siteFromMatches>[0]) {
  const name = siteFromMatches(matches)?.name;
  const t = metaTranslator(matches, "Blog");
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: name ? t("feedTitle", { name }) : t("blog"),
    href: BLOG_FEED_PATH,
  } as const;
}
