// The shape of a record screen (brands, shipping methods, slides, warehouses, legal sections,
// reviews, categories): a header with an add link, the list (RecordTable) and, beside it, the
// editor of the record named by ?edit. The editor is one AdminForm (failures on the fields, a
// toast when saved) carrying the record's id and the version it was read at, with Save and Close
// and, for a record that exists, a confirmed delete or the reason it cannot be deleted.
// record-action.ts answers these forms.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminForm, buttonClass, SubmitButton } from "../ui/AdminForm";
import { Card, PageHeader } from "../ui/Page";
import { DeleteRecord } from "./records";

export function RecordScreen({
  title,
  add,
  actions,
  intro,
  above,
  editorWidth = "narrow",
  list,
  editor,
}: {
  title: string;
  /** The add link, shown to a role that may write (`actions` replaces it). */
  add?: { to: string; label: string } | null;
  actions?: ReactNode;
  intro: ReactNode;
  /** Between the header and the list (e.g. a choice of which list). */
  above?: ReactNode;
  editorWidth?: "narrow" | "wide";
  list: ReactNode;
  editor: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          actions ??
          (add ? (
            <Link to={add.to} className={buttonClass()}>
              {add.label}
            </Link>
          ) : null)
        }
      >
        {intro}
      </PageHeader>
      {above}
      <div
        // The editor's column is kept only while it is open: without it the list takes the width.
        className={`grid gap-6 ${!editor ? "" : editorWidth === "wide" ? "xl:grid-cols-[minmax(0,1fr)_32rem]" : "xl:grid-cols-[minmax(0,1fr)_28rem]"}`}
      >
        {list}
        {editor}
      </div>
    </>
  );
}

export function RecordEditor({
  title,
  label,
  intent = "save",
  record,
  readOnly,
  submitLabel,
  closeHref,
  remove,
  children,
}: {
  title: string;
  /** The form's accessible name. */
  label: string;
  intent?: string;
  record: { id: number; version: string } | null;
  readOnly: boolean;
  submitLabel: string;
  closeHref: string;
  /** How the record is deleted; absent (or null for a new record) where it cannot be. */
  remove?: {
    noun: string;
    name: string;
    afterHref: string;
    extra?: Record<string, string>;
    /** Why it cannot be deleted now (e.g. products still use it), shown instead of the button. */
    blocked?: ReactNode;
  } | null;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <AdminForm intent={intent} className="space-y-4" readOnly={readOnly} aria-label={label}>
        <input type="hidden" name="id" value={record?.id ?? ""} />
        <input type="hidden" name="version" value={record?.version ?? ""} />
        {children}
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{submitLabel}</SubmitButton>
          <Link to={closeHref} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
      {record && remove && !readOnly ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          {remove.blocked ? (
            <p className="text-sm text-slate-700">{remove.blocked}</p>
          ) : (
            <DeleteRecord
              id={record.id}
              version={record.version}
              noun={remove.noun}
              name={remove.name}
              afterHref={remove.afterHref}
              extra={remove.extra}
            />
          )}
        </div>
      ) : null}
    </Card>
  );
}
