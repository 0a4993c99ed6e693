// The <link rel="alternate"> that lets feed readers find the blog's RSS feed from its pages: the
// feed in the page's language (/el/blog/rss.xml on a Greek page of a store whose default is English).
import { withPrefix } from "../../../core/language";
import { languageDataOf, metaTranslator } from "../../lib/i18n";
import { siteFromMatches } from "../../lib/seo";

/** The path of the RSS feed in the store's default language (server/seo.ts serves it in each). */
const BLOG_FEED_PATH = "/blog/rss.xml";

export function blogFeedLink(matches: Parameters<typeof siteFromMatches>[0]) {
  const name = siteFromMatches(matches)?.name;
  const t = metaTranslator(matches, "Blog");
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: name ? t("feedTitle", { name }) : t("blog"),
    href: withPrefix(languageDataOf(matches)?.prefix ?? "", BLOG_FEED_PATH),
  } as const;
}
