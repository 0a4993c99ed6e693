// The reading half of the product page: the long description, the specifications table and the
// shoppers' reviews (rating distribution, reviewer initials, newest first, paged by a link).
// Everything here is plain server-rendered markup: it adds no JavaScript of its own.
import { useTranslations } from "use-intl";
import {
  distributionPercent,
  type ProductSpec,
  type ReviewsPage,
  reviewDate,
} from "../../../core/product-reviews";
import { fallbackLang } from "../../../core/translation";
import { LocalLink, useLanguage } from "../../lib/localized";
import { RatingBar } from "../../ui/RatingBar";
import { ReviewerInitials } from "../../ui/ReviewerInitials";
import { ReviewSourceMark, ReviewsStatement } from "../reviews/ReviewMarks";

/** Where the reviews page number lives in the product page's URL. */
export const REVIEWS_PARAM = "reviews";

function Description({ html, lang }: { html: string; lang?: "en" }) {
  const t = useTranslations("Product");
  return (
    <section aria-labelledby="description-title" data-testid="product-description">
      <h2 id="description-title" className="text-xl font-semibold text-slate-900">
        {t("description")}
      </h2>
      <div
        lang={lang}
        className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_a]:text-brand [&_a]:underline [&_h2]:mt-4 [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-4 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
        // Sanitised when written (the back office and the ERP import pass it through
        // sanitizeLongDescription; the seed writes the same tags).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the way in
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}

function Specifications({ specs, lang }: { specs: ProductSpec[]; lang?: "en" }) {
  const t = useTranslations("Product");
  return (
    <section aria-labelledby="specs-title">
      <h2 id="specs-title" className="text-xl font-semibold text-slate-900">
        {t("specifications")}
      </h2>
      <table
        lang={lang}
        className="mt-3 w-full overflow-hidden rounded-lg text-left text-sm"
        data-testid="product-specs"
      >
        <tbody>
          {specs.map((s) => (
            <tr key={s.label} className="border-b border-slate-200 last:border-0 odd:bg-slate-50">
              <th scope="row" className="w-2/5 px-3 py-2.5 align-top font-medium text-slate-700">
                {s.label}
              </th>
              <td className="px-3 py-2.5 text-slate-900">{s.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Distribution({ reviews }: { reviews: ReviewsPage }) {
  const t = useTranslations("Product");
  return (
    <div className="space-y-3">
      <div className="flex items-baseline gap-3">
        <span className="text-4xl font-semibold text-slate-900">{reviews.average.toFixed(2)}</span>
        <span className="text-sm text-slate-600">{t("outOf5")}</span>
      </div>
      <RatingBar ratings={reviews.average} reviews={reviews.total} />
      <ul className="space-y-1.5" aria-label={t("ratingDistribution")} data-testid="rating-distribution">
        {([5, 4, 3, 2, 1] as const).map((star) => {
          const n = reviews.distribution[star];
          const pct = distributionPercent(n, reviews.total);
          return (
            <li
              key={star}
              className="flex items-center gap-2 text-sm text-slate-700"
              data-testid="rating-row"
            >
              <span className="w-20 shrink-0 whitespace-nowrap">
                {t(star === 1 ? "starOne" : "starOther", { star })}
              </span>
              <span
                className="relative h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
                aria-hidden="true"
              >
                <span
                  className="absolute inset-y-0 left-0 rounded-full bg-amber-400"
                  style={{ width: `${pct}%` }}
                />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums" data-testid="rating-count">
                {n}
              </span>
              <span className="sr-only">{n === 1 ? t("reviewOne") : t("reviewOther")}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({ review }: { review: ReviewsPage["reviews"][number] }) {
  const { lang } = useLanguage();
  return (
    <li className="flex gap-4 border-b border-slate-100 py-5 last:border-0" data-testid="review">
      <ReviewerInitials name={review.authorName} className="h-11 w-11 bg-brand/10 text-sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-medium text-slate-900">{review.authorName}</p>
          <time dateTime={review.createdAt} className="text-xs text-slate-600">
            {reviewDate(review.createdAt, lang)}
          </time>
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <RatingBar ratings={review.rating} />
          <ReviewSourceMark review={review} />
        </div>
        {review.title ? <p className="mt-2 font-medium text-slate-900">{review.title}</p> : null}
        <p className="mt-1 leading-relaxed text-slate-700">{review.body}</p>
      </div>
    </li>
  );
}

function Reviews({ reviews, path }: { reviews: ReviewsPage; path: string }) {
  const t = useTranslations("Product");
  const r = useTranslations("Reviews");
  const pageHref = (n: number) => `${path}?${REVIEWS_PARAM}=${n}#reviews`;
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-title"
      className="scroll-mt-24"
      data-testid="product-reviews"
    >
      <h2 id="reviews-title" className="text-xl font-semibold text-slate-900">
        {t("reviewsTitle", { total: reviews.total })}
      </h2>
      <ReviewsStatement text={r("productStatement")} className="mt-2 max-w-3xl" />
      {reviews.total === 0 ? (
        <p className="mt-3 text-slate-600">{t("noReviews")}</p>
      ) : (
        <div className="mt-4 grid gap-8 md:grid-cols-[16rem_1fr]">
          <Distribution reviews={reviews} />
          <div>
            <ol aria-label={t("reviewsNewestFirst")}>
              {reviews.reviews.map((r) => (
                <ReviewItem key={r.id} review={r} />
              ))}
            </ol>
            {reviews.pageCount > 1 ? (
              <nav
                aria-label={t("reviewsPages")}
                className="mt-4 flex items-center justify-between gap-3 text-sm"
              >
                {reviews.page > 1 ? (
                  <LocalLink
                    to={pageHref(reviews.page - 1)}
                    preventScrollReset
                    className="font-medium text-brand underline-offset-4 hover:underline"
                  >
                    {t("newerReviews")}
                  </LocalLink>
                ) : (
                  <span />
                )}
                <span className="text-slate-600" data-testid="reviews-page">
                  {t("reviewsPage", { page: reviews.page, count: reviews.pageCount })}
                </span>
                {reviews.page < reviews.pageCount ? (
                  <LocalLink
                    to={pageHref(reviews.page + 1)}
                    preventScrollReset
                    className="font-medium text-brand underline-offset-4 hover:underline"
                    data-testid="reviews-older"
                  >
                    {t("olderReviews")}
                  </LocalLink>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}

export function ProductDetailsSections({
  longDescHtml,
  specs,
  untranslated,
  reviews,
  path,
}: {
  longDescHtml: string;
  specs: ProductSpec[];
  /** The details' fields shown in English on a page in another language. */
  untranslated?: readonly string[];
  reviews: ReviewsPage;
  path: string;
}) {
  return (
    <div className="mt-12 space-y-12 border-t border-slate-200 pt-10">
      {longDescHtml || specs.length > 0 ? (
        <div className="grid gap-10 lg:grid-cols-2">
          {longDescHtml ? (
            <Description html={longDescHtml} lang={fallbackLang({ untranslated }, "longDescHtml")} />
          ) : null}
          {specs.length > 0 ? (
            <Specifications specs={specs} lang={fallbackLang({ untranslated }, "specs")} />
          ) : null}
        </div>
      ) : null}
      <Reviews reviews={reviews} path={path} />
    </div>
  );
}
