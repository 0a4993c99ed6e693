// /pages/reviews: how this shop checks the reviews it shows (UCPD art. 7(6) and Annex I 23b,
// docs/decisions/0053). Every list of reviews links here. The text describes what the code does:
// change it with services/product-reviews.ts and core/reviews.ts, never apart from them.
import { useTranslations } from "use-intl";
import { PageHeader } from "../features/content/PageHeader";
import { metaTranslator } from "../lib/i18n";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.reviews";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    page: "other",
    title: metaTranslator(args.matches, "Reviews")("pageTitle"),
    path: "/pages/reviews",
  });

const SECTIONS = [
  ["pageVerifiedTitle", "pageVerified"],
  ["pageModerationTitle", "pageModeration"],
  ["pageStaffTitle", "pageStaff"],
  ["pageRatingTitle", "pageRating"],
  ["pageHomeTitle", "pageHome"],
] as const;

export default function ReviewsPolicy() {
  const t = useTranslations("Reviews");
  return (
    <>
      <PageHeader title={t("pageTitle")} path="/pages/reviews" />
      <article className="mx-auto max-w-3xl space-y-6 px-4 py-8" data-testid="reviews-policy">
        {SECTIONS.map(([title, text]) => (
          <section key={title}>
            <h2 className="text-lg font-semibold text-slate-900">{t(title)}</h2>
            <p className="mt-2 leading-relaxed text-slate-700">{t(text)}</p>
          </section>
        ))}
      </article>
    </>
  );
}
