// The product reviews screen (docs/decisions/0053): reviews by moderation status and source,
// newest first; publish or reject each (a rejection names its reason, never the rating), and
// enter one by hand, which shows as "Entered by the shop" and never as a verified purchase.
import { Link } from "react-router";
import type { AdminProductReview } from "../../../core/api/admin/reviews";
import { adminRoutes } from "../../../core/api/admin/routes";
import {
  REJECT_REASON_LABEL,
  REJECT_REASONS,
  REVIEW_SOURCES,
  REVIEW_STATUSES,
  type RejectReason,
  type ReviewSource,
  type ReviewStatus,
} from "../../../core/reviews";
import { adminAction, invalid } from "../lib/actions";
import { callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { useCan } from "../session";
import { AdminForm, buttonClass, SubmitButton } from "../ui/AdminForm";
import { FilterBar, FilterSelect, listParams } from "../ui/DataTable";
import { SelectField, TextAreaField, TextField } from "../ui/fields";
import { Card, PageHeader } from "../ui/Page";

export const PRODUCT_REVIEWS_HREF = "/admin/product-reviews";
const PAGE_SIZE = 25;

const STATUS_LABEL: Record<ReviewStatus, string> = {
  pending: "Awaiting moderation",
  published: "Published",
  rejected: "Rejected",
};
const SOURCE_LABEL: Record<ReviewSource, string> = {
  customer: "Written by a customer from an order",
  staff: "Entered by the shop",
};

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T | "all") =>
  (allowed as readonly string[]).includes(value ?? "") || value === "all" ? (value as T | "all") : fallback;

export async function loadProductReviews({ request }: { request: Request }) {
  const { params, page } = listParams(request.url, { sort: "created" });
  const status = pick(params.get("status"), REVIEW_STATUSES, "pending");
  const source = pick(params.get("source"), REVIEW_SOURCES, "all");
  const list = await callAdmin(adminRoutes.reviews.list, {
    query: { status, source, page, limit: PAGE_SIZE },
  });
  return { list, filters: { status, source }, adding: params.get("add") === "1" };
}

export async function productReviewsAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  if (intent === "publish")
    return adminAction("Published: it shows on the product page and counts in its rating.", () =>
      callAdmin(adminRoutes.reviews.publish, { params: { id } }),
    );
  if (intent === "reject") {
    const reason = String(form.get("reason") ?? "");
    if (!(REJECT_REASONS as readonly string[]).includes(reason))
      return invalid({ reason: "Choose why the review is rejected." });
    return adminAction("Rejected: it no longer shows or counts.", () =>
      callAdmin(adminRoutes.reviews.reject, { params: { id }, body: { reason: reason as RejectReason } }),
    );
  }
  if (intent === "create") {
    const rating = Number(form.get("rating"));
    return adminAction("Review added and published, marked as entered by the shop.", () =>
      callAdmin(adminRoutes.reviews.create, {
        body: {
          productCode: String(form.get("productCode") ?? ""),
          authorName: String(form.get("authorName") ?? ""),
          rating,
          title: String(form.get("title") ?? ""),
          body: String(form.get("body") ?? ""),
        },
      }),
    );
  }
  return invalid({}, "Unknown action.");
}

export type ProductReviewsData = Awaited<ReturnType<typeof loadProductReviews>>;

export function ProductReviewsScreen({ data }: { data: ProductReviewsData }) {
  const { list, filters, adding } = data;
  const canWrite = useCan()("content.write");
  const key = JSON.stringify(filters);
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  const pageHref = (p: number) => `?status=${filters.status}&source=${filters.source}&page=${p}`;
  return (
    <>
      <PageHeader
        title="Product reviews"
        actions={
          canWrite && !adding ? (
            <Link to="?add=1" className={buttonClass()}>
              Enter a review by hand
            </Link>
          ) : null
        }
      >
        Customers review a product from a paid or completed order in My Account; their review waits here until
        it is published. Publish negative reviews as readily as positive ones: reject only for a reason below.
        Only a customer's review of a paid or completed order shows "Verified purchase"; one entered by hand
        shows "Entered by the shop". Shoppers read how reviews are checked at /pages/reviews.
      </PageHeader>
      {adding && canWrite ? <StaffReviewForm /> : null}
      <FilterBar label="Filter reviews">
        <FilterSelect
          id="r-status"
          name="status"
          label="Status"
          value={filters.status}
          resetKey={`s${key}`}
          options={[
            ...REVIEW_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
            { value: "all", label: "Any" },
          ]}
        />
        <FilterSelect
          id="r-source"
          name="source"
          label="Source"
          value={filters.source}
          resetKey={`o${key}`}
          options={[
            { value: "all", label: "Any" },
            ...REVIEW_SOURCES.map((s) => ({ value: s, label: SOURCE_LABEL[s] })),
          ]}
        />
      </FilterBar>
      <p className="mb-3 text-sm text-slate-700" aria-live="polite">
        {list.total === 1 ? "1 review" : `${list.total} reviews`}
      </p>
      {list.items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
          No reviews match these filters.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Reviews, newest first">
          {list.items.map((r) => (
            <ReviewCard key={r.id} review={r} canWrite={canWrite} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages of reviews" className="mt-4 flex flex-wrap items-center gap-2">
          {list.page > 1 ? (
            <Link to={pageHref(list.page - 1)} className={buttonClass("secondary")}>
              Previous page
            </Link>
          ) : null}
          <span className="text-sm text-slate-700">
            Page {list.page} of {pages}
          </span>
          {list.page < pages ? (
            <Link to={pageHref(list.page + 1)} className={buttonClass("secondary")}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function ReviewCard({ review: r, canWrite }: { review: AdminProductReview; canWrite: boolean }) {
  const headingId = `review-${r.id}`;
  return (
    <li
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={headingId}
      data-testid="admin-review"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {r.authorName} on {r.productName}{" "}
          <span className="font-normal text-slate-600">({r.productCode})</span>
        </h2>
        <span className="text-sm text-slate-700">{formatDateTime(r.createdAt)}</span>
      </div>
      <p className="mt-1 flex flex-wrap gap-2 text-sm">
        <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">{STATUS_LABEL[r.status]}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">{SOURCE_LABEL[r.source]}</span>
        {r.verified ? (
          <span className="rounded bg-emerald-50 px-2 py-0.5 text-emerald-900">Verified purchase</span>
        ) : null}
        {r.orderCode ? <span className="text-slate-700">Order {r.orderCode}</span> : null}
      </p>
      <p className="mt-2 text-sm font-medium text-slate-900">{r.rating} of 5</p>
      {r.title ? <p className="mt-1 font-medium text-slate-900">{r.title}</p> : null}
      <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{r.body}</p>
      {r.status === "rejected" && r.rejectReason ? (
        <p className="mt-2 text-sm text-slate-700">Rejected: {REJECT_REASON_LABEL[r.rejectReason]}</p>
      ) : null}
      {r.moderatedBy ? (
        <p className="mt-1 text-xs text-slate-600">
          Last moderated by {r.moderatedBy}
          {r.moderatedAt ? `, ${formatDateTime(r.moderatedAt)}` : ""}
        </p>
      ) : null}
      {canWrite ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          {r.status !== "published" ? (
            <AdminForm intent="publish" aria-label={`Publish the review by ${r.authorName}`}>
              <input type="hidden" name="id" value={r.id} />
              <SubmitButton busyLabel="Publishing…">Publish</SubmitButton>
            </AdminForm>
          ) : null}
          {r.status !== "rejected" ? (
            <AdminForm
              intent="reject"
              aria-label={`Reject the review by ${r.authorName}`}
              className="flex flex-wrap items-end gap-2"
            >
              <input type="hidden" name="id" value={r.id} />
              <SelectField
                name="reason"
                label="Reason to reject"
                defaultValue=""
                options={[
                  { value: "", label: "Choose a reason" },
                  ...REJECT_REASONS.map((x) => ({ value: x, label: REJECT_REASON_LABEL[x] })),
                ]}
              />
              <SubmitButton tone="danger" busyLabel="Rejecting…">
                Reject
              </SubmitButton>
            </AdminForm>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function StaffReviewForm() {
  return (
    <Card title="Enter a review by hand" className="mb-6">
      <p className="mb-3 text-sm text-slate-700">
        For a review a customer sent another way (mail, phone). It is published at once and shows "Entered by
        the shop"; it is never counted as a verified purchase. Write the customer's words, not your own.
      </p>
      <AdminForm intent="create" aria-label="Enter a review by hand" className="grid gap-3 sm:grid-cols-2">
        <TextField name="productCode" label="Product code" required />
        <TextField name="authorName" label="Reviewer's name" required />
        <SelectField
          name="rating"
          label="Rating"
          defaultValue="5"
          options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} of 5` }))}
        />
        <TextField name="title" label="Title (optional)" />
        <TextAreaField name="body" label="Review" rows={4} className="sm:col-span-2" />
        <div className="flex gap-2 sm:col-span-2">
          <SubmitButton>Add review</SubmitButton>
          <Link to={PRODUCT_REVIEWS_HREF} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
    </Card>
  );
}
