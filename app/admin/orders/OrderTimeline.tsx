// An order's timeline: what happened to it and who did it, newest first, with the form that adds an
// internal note (staff who may change orders only). The server arranges the entries
// (core/admin/order-timeline.ts); this draws them.
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { ORDER_NOTE_MAX, OrderNoteInput } from "../../../core/admin/order-timeline";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { TextAreaField } from "../ui/fields";
import { Card } from "../ui/Page";
import type { AdminOrder } from "./OrderDetail";

type Entry = AdminOrder["timeline"][number];

/** The dot's colour says what kind of step it was at a glance; the words say it for everyone. */
function dotClass(entry: Entry): string {
  if (entry.warning) return "bg-red-600";
  switch (entry.kind) {
    case "note":
      return "bg-amber-500";
    case "completed":
    case "paid":
      return "bg-emerald-600";
    case "cancelled":
    case "expired":
      return "bg-slate-500";
    case "mail":
    case "payment_started":
      return "bg-slate-300";
    default:
      return "bg-indigo-600";
  }
}

function NoteForm({ code }: { code: string }) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={form}
      className="mb-4 space-y-2"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const input = OrderNoteInput.safeParse({ body: new FormData(e.currentTarget).get("body") ?? "" });
        // The server says the same; an empty note need not make the trip.
        if (!input.success) {
          setError(input.error.issues[0]?.message);
          return;
        }
        const { body } = input.data;
        setBusy(true);
        try {
          const done = await callAdmin(adminRoutes.orders.note, { params: { code }, body: { body } });
          setError(undefined);
          form.current?.reset();
          toast.success(done.message);
          revalidator.revalidate();
        } catch (err) {
          const message =
            err instanceof AdminApiError
              ? (err.fields.body ?? err.message)
              : "The shop's server could not be reached.";
          setError(message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextAreaField
        name="body"
        label="Internal note"
        hint="Only staff see it. It stays on the timeline with your name; a correction is a new note."
        rows={2}
        maxLength={ORDER_NOTE_MAX}
        error={error}
      />
      <button type="submit" className={buttonClass("secondary")} disabled={busy}>
        {busy ? "Adding…" : "Add note"}
      </button>
    </form>
  );
}

export function OrderTimeline({ order }: { order: AdminOrder }) {
  const can = useCan();
  return (
    <Card title="Timeline" className="lg:col-span-2 lg:self-start">
      {can("orders.write") ? <NoteForm code={order.code} /> : null}
      <ol
        className="relative space-y-4 border-l border-slate-200 pl-5"
        aria-label={`Timeline of order ${order.code}`}
      >
        {order.timeline.map((entry) => (
          <li key={entry.key} className="relative" data-timeline={entry.kind}>
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white ${dotClass(entry)}`}
            />
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className={`text-sm font-medium ${entry.warning ? "text-red-800" : "text-slate-900"}`}>
                {entry.title}
              </p>
              <time dateTime={entry.at} className="text-xs whitespace-nowrap text-slate-600">
                {formatDateTime(entry.at)}
              </time>
            </div>
            {entry.by ? <p className="text-xs text-slate-600">By {entry.by}</p> : null}
            {entry.detail ? (
              <p
                className={`mt-1 text-sm break-words whitespace-pre-line ${
                  entry.kind === "note"
                    ? "rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-slate-900"
                    : "text-slate-700"
                }`}
              >
                {entry.detail}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
