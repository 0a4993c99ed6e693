// The reviews screen: the shop's stored reviews, newest first, a page at a time (?p=2). The home
// page shows them when Google reviews are not set up; the Google place and key are in Settings.
import { Link } from "react-router";
import type { adminRoutes } from "../../../core/api/admin/routes";
import type { AdminOutput } from "../lib/admin-api";
import { formatDate } from "../lib/format";
import { RecordEditor, RecordScreen } from "../records/RecordScreen";
import type { FormRead, RecordScreenData } from "../records/record-action";
import { RecordTable, text } from "../records/records";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { SelectField, TextAreaField, TextField } from "../ui/fields";

export const REVIEWS_HREF = "/admin/reviews";

type Review = AdminOutput<typeof adminRoutes.content.getReview>;
export type ReviewsData = RecordScreenData<AdminOutput<typeof adminRoutes.content.listReviews>, Review> & {
  page: number;
};

export function readReviewForm(form: FormData) {
  return {
    ok: true,
    body: {
      authorName: text(form, "authorName"),
      rating: Number(form.get("rating")),
      text: text(form, "text"),
      date: text(form, "date"),
    },
  } satisfies FormRead<unknown>;
}

export function ReviewsScreen({ data: { list, record, editing, page } }: { data: ReviewsData }) {
  const canWrite = useCan()("content.write");
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <RecordScreen
      title="Reviews"
      add={canWrite ? { to: "?edit=new", label: "Add a review" } : null}
      intro={<>{list.total} stored reviews, newest first. The home page shows the newest ten.</>}
      list={
        <div>
          <RecordTable
            caption="Stored reviews, newest first"
            rows={list.items}
            nameOf={(r) => `review by ${r.authorName}`}
            editHref={(r) => `?edit=${r.id}`}
            columns={[
              { header: "Date", cell: (r) => formatDate(r.date) },
              { header: "Author", cell: (r) => r.authorName },
              { header: "Rating", cell: (r) => `${r.rating} of 5` },
              { header: "Text", cell: (r) => <span className="line-clamp-2">{r.text}</span> },
            ]}
            empty="No stored reviews yet."
          />
          {pages > 1 ? (
            <nav aria-label="Pages of reviews" className="mt-3 flex gap-2">
              {page > 1 ? (
                <Link to={`?p=${page - 1}`} className={buttonClass("secondary")}>
                  Previous page
                </Link>
              ) : null}
              {page < pages ? (
                <Link to={`?p=${page + 1}`} className={buttonClass("secondary")}>
                  Next page
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      }
      editor={editing ? <ReviewForm key={record?.id ?? "new"} review={record} readOnly={!canWrite} /> : null}
    />
  );
}

function ReviewForm({ review, readOnly }: { review: Review | null; readOnly: boolean }) {
  return (
    <RecordEditor
      title={review ? `Edit the review by ${review.authorName}` : "New review"}
      label="Review"
      record={review}
      readOnly={readOnly}
      submitLabel={review ? "Save review" : "Add review"}
      closeHref={REVIEWS_HREF}
      remove={
        review && { noun: "review", name: `the review by ${review.authorName}`, afterHref: REVIEWS_HREF }
      }
    >
      <TextField name="authorName" label="Reviewer's name" defaultValue={review?.authorName ?? ""} required />
      <SelectField
        name="rating"
        label="Rating"
        defaultValue={String(review?.rating ?? 5)}
        options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} of 5` }))}
      />
      <TextAreaField name="text" label="Review" defaultValue={review?.text ?? ""} rows={5} />
      <TextField
        name="date"
        label="Date"
        type="date"
        defaultValue={review?.date ?? new Date().toISOString().slice(0, 10)}
      />
    </RecordEditor>
  );
}
