// /admin/reviews: the shop's stored reviews (the home page shows them when Google reviews are
// not set up; the Google place and key are in Settings).
import { Link, useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { DeleteRecord, finishDelete, finishSave, RecordTable, text } from "../../admin/content/records";
import { invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { formatDate } from "../../admin/lib/format";
import { useCan } from "../../admin/session";
import { AdminForm, buttonClass, SubmitButton } from "../../admin/ui/AdminForm";
import { SelectField, TextAreaField, TextField } from "../../admin/ui/fields";
import { Card, PageHeader } from "../../admin/ui/Page";

const HREF = "/admin/reviews";

export function meta() {
  return [{ title: "Reviews · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const edit = params.get("edit");
  const page = Math.max(1, Number(params.get("p")) || 1);
  const [list, record] = await Promise.all([
    callAdmin(adminRoutes.content.listReviews, { query: { page, limit: 50 } }),
    edit && edit !== "new"
      ? callAdmin(adminRoutes.content.getReview, { params: { id: Number(edit) } })
      : null,
  ]);
  return { list, record, editing: edit, page };
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "delete")
    return finishDelete(
      "Review deleted.",
      () =>
        callAdmin(adminRoutes.content.deleteReview, {
          params: { id: Number(form.get("id")) },
          query: { version: text(form, "version") },
        }),
      HREF,
    );
  if (intent !== "save") return invalid({}, "Unknown action.");
  const body = {
    authorName: text(form, "authorName"),
    rating: Number(form.get("rating")),
    text: text(form, "text"),
    date: text(form, "date"),
  };
  const id = text(form, "id");
  if (!id)
    return finishSave(
      "Review added.",
      () => callAdmin(adminRoutes.content.createReview, { body }),
      HREF,
      true,
    );
  return finishSave(
    "Review saved.",
    () =>
      callAdmin(adminRoutes.content.updateReview, {
        params: { id: Number(id) },
        body: { ...body, version: text(form, "version") },
      }),
    HREF,
    false,
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

type Review = Awaited<ReturnType<typeof clientLoader>>["list"]["items"][number];

export default function AdminReviews() {
  const { list, record, editing, page } = useLoaderData<typeof clientLoader>();
  const canWrite = useCan()("content.write");
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <>
      <PageHeader
        title="Reviews"
        actions={
          canWrite ? (
            <Link to="?edit=new" className={buttonClass()}>
              Add a review
            </Link>
          ) : null
        }
      >
        {list.total} stored reviews, newest first. The home page shows the newest ten.
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[1fr_28rem]">
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
        {editing ? <ReviewForm key={record?.id ?? "new"} review={record} readOnly={!canWrite} /> : null}
      </div>
    </>
  );
}

function ReviewForm({ review, readOnly }: { review: Review | null; readOnly: boolean }) {
  return (
    <Card title={review ? `Edit the review by ${review.authorName}` : "New review"}>
      <AdminForm intent="save" className="space-y-4" readOnly={readOnly} aria-label="Review">
        <input type="hidden" name="id" value={review?.id ?? ""} />
        <input type="hidden" name="version" value={review?.version ?? ""} />
        <TextField
          name="authorName"
          label="Reviewer's name"
          defaultValue={review?.authorName ?? ""}
          required
        />
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
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{review ? "Save review" : "Add review"}</SubmitButton>
          <Link to={HREF} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
      {review && !readOnly ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <DeleteRecord
            id={review.id}
            version={review.version}
            noun="review"
            name={`the review by ${review.authorName}`}
            afterHref={HREF}
          />
        </div>
      ) : null}
    </Card>
  );
}
