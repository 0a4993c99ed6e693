// Pieces every record screen shares (RecordScreen.tsx puts them together): a list of records in
// display order (with move up/down and an edit link), a picture field that uploads through
// /admin/api/uploads, a confirmed delete, and the clientAction helpers that read these forms.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { toast } from "sonner";
import { type ActionResult, adminAction } from "../lib/actions";
import { AdminApiError, uploadPicture } from "../lib/admin-api";
import { buttonClass } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { TextField } from "../ui/fields";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/** Records in their display order: each row has its cells, an Edit link and (writers) Move up/down. */
export function RecordTable<T extends { id: number }>({
  caption,
  rows,
  columns,
  editHref,
  nameOf,
  reorder,
  empty = "Nothing here yet.",
}: {
  caption: string;
  rows: T[];
  columns: Column<T>[];
  editHref: (row: T) => string;
  nameOf: (row: T) => string;
  /** Extra form fields the reorder call needs (e.g. the master category), when the list can be reordered. */
  reorder?: { fields?: Record<string, string> } | null;
  empty?: ReactNode;
}) {
  const fetcher = useFetcher<ActionResult>();
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    fetcher.submit(
      { intent: "reorder", ids: JSON.stringify(ids), ...(reorder?.fields ?? {}) },
      { method: "post" },
    );
  };
  const result = fetcher.data;
  useEffect(() => {
    if (result) result.ok ? toast.success(result.message) : toast.error(result.message);
  }, [result]);
  if (rows.length === 0)
    return <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={`px-3 py-2 font-semibold text-slate-700 ${c.numeric ? "text-right" : "text-left"}`}
              >
                {c.header}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, i) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={`px-3 py-2 align-top text-slate-800 ${c.numeric ? "text-right" : ""}`}
                >
                  {c.cell(row)}
                </td>
              ))}
              <td className="whitespace-nowrap px-3 py-2 align-top">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={editHref(row)}
                    className="font-medium text-indigo-800 underline underline-offset-2"
                    preventScrollReset
                  >
                    Edit<span className="sr-only"> {nameOf(row)}</span>
                  </Link>
                  {reorder ? (
                    <>
                      <button
                        type="button"
                        className="rounded border border-slate-300 px-2 py-0.5 text-slate-800 disabled:opacity-50"
                        disabled={i === 0 || fetcher.state !== "idle"}
                        onClick={() => move(i, -1)}
                      >
                        <span aria-hidden="true">↑</span>
                        <span className="sr-only">Move {nameOf(row)} up</span>
                      </button>
                      <button
                        type="button"
                        className="rounded border border-slate-300 px-2 py-0.5 text-slate-800 disabled:opacity-50"
                        disabled={i === rows.length - 1 || fetcher.state !== "idle"}
                        onClick={() => move(i, 1)}
                      >
                        <span aria-hidden="true">↓</span>
                        <span className="sr-only">Move {nameOf(row)} down</span>
                      </button>
                    </>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A picture path with an upload button: the file goes to /admin/api/uploads/<area>?kind=...,
 * which answers the stored WebP's URL; the path field then holds it and the form's save names it.
 */
export function ImageField({
  name,
  label,
  uploadPath,
  defaultValue,
  hint,
  disabled,
  required,
}: {
  name: string;
  label: string;
  /** e.g. "/uploads/content?kind=slide" */
  uploadPath: string;
  defaultValue: string | null;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
}) {
  const [value, setValue] = useState(defaultValue ?? "");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const fileId = useId();
  const file = useRef<HTMLInputElement>(null);
  const upload = async () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setProblem("Choose a picture first.");
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const stored = await uploadPicture(uploadPath, chosen);
      setValue(stored.url);
      toast.success("Picture uploaded. Save to use it.");
    } catch (err) {
      setProblem(
        err instanceof AdminApiError ? (err.fields.file ?? err.message) : "The upload failed. Try again.",
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <TextField
        name={name}
        label={label}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        hint={hint ?? "Upload a picture below, or leave it empty."}
        required={required}
        error={problem}
        autoComplete="off"
      />
      {value ? (
        <img src={value} alt="" className="h-20 w-auto rounded border border-slate-200 object-contain" />
      ) : null}
      {disabled ? null : (
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
              New picture for “{label}” (JPEG, PNG or WebP, up to 10 MB)
            </label>
            <input
              id={fileId}
              ref={file}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="mt-1 block text-sm text-slate-800"
            />
          </div>
          <button type="button" className={buttonClass("secondary")} onClick={upload} disabled={busy}>
            {busy ? "Uploading…" : "Upload"}
          </button>
        </div>
      )}
    </div>
  );
}

/** Delete after a confirmation; the route's clientAction handles intent "delete". */
export function DeleteRecord({
  id,
  version,
  noun,
  name,
  afterHref,
  extra,
}: {
  id: number;
  version: string;
  noun: string;
  name: string;
  afterHref: string;
  /** More fields for the clientAction (e.g. which kind of record). */
  extra?: Record<string, string>;
}) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <ConfirmButton
      title={`Delete this ${noun}?`}
      message={`“${name}” will be removed from the shop. This cannot be undone.`}
      confirmLabel={`Delete ${noun}`}
      onConfirm={async () => {
        await fetcher.submit(
          { intent: "delete", id: String(id), version, after: afterHref, ...extra },
          { method: "post" },
        );
      }}
    >
      Delete {noun}
    </ConfirmButton>
  );
}

// ---- clientAction helpers

export const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
export const checked = (form: FormData, name: string) => form.get(name) === "on";
/** A whole number field; NaN when it is not one (the server's message then marks it). */
export function whole(form: FormData, name: string, fallback = 0): number {
  const v = text(form, name);
  if (v === "") return fallback;
  return /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
}
export function idList(form: FormData): number[] {
  try {
    const ids = JSON.parse(text(form, "ids")) as unknown;
    return Array.isArray(ids) ? ids.map(Number) : [];
  } catch {
    return [];
  }
}

/** A new record opens in its own edit form with a toast; a failure stays the form's result. */
export async function finishCreate<T extends { id: number }>(
  message: string,
  run: () => Promise<T>,
  editHref: (created: T) => string,
): Promise<ActionResult<T> | Response> {
  const result = await adminAction(message, run);
  if (result.ok && result.data) {
    toast.success(message);
    return redirect(editHref(result.data));
  }
  return result;
}

/** A deleted record goes back to the list with a toast; a failure is toasted where it happened. */
export async function finishDelete(message: string, run: () => Promise<unknown>, listHref: string) {
  const result = await adminAction(message, run);
  if (result.ok) {
    toast.success(message);
    return redirect(listHref);
  }
  toast.error(result.message);
  return result;
}
