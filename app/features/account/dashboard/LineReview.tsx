// One order line's review (docs/decisions/0053): "Write a review" on a line of a paid or completed
// order opens a small form (rating, optional title, text); it is sent as pending and the shopper is
// told it shows after the shop has checked it. A line whose product they reviewed says how it stands.
import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import { routes } from "../../../../core/api/routes";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX } from "../../../../core/reviews";
import { ApiError, callApi } from "../../../lib/api-client";
import type { DashboardData } from "./types";

type Line = DashboardData["orders"][number]["lines"][number];
type Field = "rating" | "title" | "body";
type Errors = Partial<Record<Field, string>>;

const STATUS_KEY = {
  pending: "statusPending",
  published: "statusPublished",
  rejected: "statusRejected",
} as const;

export function LineReview({ code, line }: { code: string; line: Line }) {
  const t = useTranslations("Reviews");
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <p role="status" className="mt-1 text-sm text-emerald-800" data-testid="review-sent">
        {t("sent")}
      </p>
    );
  if (line.review.status)
    return (
      <p className="mt-1 text-sm text-slate-600" data-testid="line-review-status">
        {t(STATUS_KEY[line.review.status])}
      </p>
    );
  if (!line.review.canReview) return null;
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t("writeReviewOf", { product: line.description })}
        className="mt-1 text-sm font-medium text-brand underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        data-testid="write-review"
      >
        {t("writeReview")}
      </button>
    );
  return <ReviewForm code={code} line={line} onClose={() => setOpen(false)} onSent={() => setSent(true)} />;
}

function ReviewForm({
  code,
  line,
  onClose,
  onSent,
}: {
  code: string;
  line: Line;
  onClose: () => void;
  onSent: () => void;
}) {
  const t = useTranslations("Reviews");
  const id = useId();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const rating = Number(form.get("rating"));
    const title = String(form.get("title") ?? "").trim();
    const body = String(form.get("body") ?? "").trim();
    // The server checks the same (core/validation/review.ts ReviewSubmission); this only saves a round trip.
    const found: Errors = {};
    if (!(rating >= 1 && rating <= 5)) found.rating = t("ratingRequired");
    if (title.length > REVIEW_TITLE_MAX) found.title = t("titleTooLong");
    if (body.length < REVIEW_BODY_MIN) found.body = t("bodyTooShort");
    else if (body.length > REVIEW_BODY_MAX) found.body = t("bodyTooLong");
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) {
      const first = (["rating", "title", "body"] as const).find((f) => found[f]);
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await callApi(routes.orders.review, {
        params: { code, lineId: line.lineId },
        body: { rating, title, body },
      });
      onSent();
      await revalidator.revalidate();
    } catch (err) {
      setBusy(false);
      setProblem(problemText(err, t));
    }
  }

  const field = (f: Field) => ({
    id: `${id}-${f}`,
    name: f,
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": errors[f] ? `${id}-${f}-error` : f === "body" ? `${id}-body-hint` : undefined,
  });
  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30";
  const errorText = (f: Field) =>
    errors[f] ? (
      <p id={`${id}-${f}-error`} className="mt-1 text-sm text-red-700">
        {errors[f]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="mt-2 space-y-3 rounded-xl bg-slate-50 p-4"
      data-testid="review-form"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        {t("formTitle", { product: line.description })}
      </h3>
      <div>
        <label htmlFor={`${id}-rating`} className="text-sm font-medium text-slate-800">
          {t("ratingLabel")}
        </label>
        <select {...field("rating")} defaultValue="" className={`${input} sm:max-w-xs`}>
          <option value="" disabled>
            {t("chooseRating")}
          </option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {t("ratingOption", { rating: n })}
            </option>
          ))}
        </select>
        {errorText("rating")}
      </div>
      <div>
        <label htmlFor={`${id}-title`} className="text-sm font-medium text-slate-800">
          {t("titleLabel")}
        </label>
        <input {...field("title")} type="text" maxLength={REVIEW_TITLE_MAX} className={input} />
        {errorText("title")}
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-800">
          {t("bodyLabel")}
        </label>
        <textarea {...field("body")} rows={4} maxLength={REVIEW_BODY_MAX} className={input} />
        <p id={`${id}-body-hint`} className="mt-1 text-xs text-slate-600">
          {t("bodyHint")}
        </p>
        {errorText("body")}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700" data-testid="review-problem">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
        >
          {t("send")}
        </button>
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}

/** The shopper's words for what the server refused (the codes of core/failures.ts). */
function problemText(err: unknown, t: ReturnType<typeof useTranslations<"Reviews">>): string {
  if (!(err instanceof ApiError)) return t("failed");
  if (err.code === "duplicate") return t("alreadyReviewed");
  if (err.code === "invalid_state") return t("notYet");
  if (err.code === "rate_limited") return t("tooMany");
  return t("failed");
}
