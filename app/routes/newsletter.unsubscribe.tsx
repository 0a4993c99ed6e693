import { newsletterLinkLoader } from "../features/newsletter/links.server";
import { NewsletterLinkPage } from "../features/newsletter/NewsletterLinkPage";
import { metaTranslator } from "../lib/i18n";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/newsletter.unsubscribe";

export const loader = (args: Route.LoaderArgs) => newsletterLinkLoader("unsubscribe", args);

// The page holds a personal link: never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, metaTranslator(matches, "Subscription")("unsubscribeTitle")).filter(
    (m) => !("name" in m && m.name === "robots"),
  ),
  { name: "robots", content: "noindex, nofollow" },
  // The token must not leak to other sites through the Referer header. Not "no-referrer": that
  // makes the button's POST say Origin: null, which the CSRF check refuses.
  { name: "referrer", content: "same-origin" },
];

export default function NewsletterUnsubscribeRoute({ loaderData }: Route.ComponentProps) {
  return <NewsletterLinkPage {...loaderData} />;
}
