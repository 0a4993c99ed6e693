// The data side of a record screen (a list with one record open in an editor, RecordScreen.tsx):
// the clientLoader reads the list and the record named by ?edit=<id> ("new" opens an empty form),
// and the clientAction answers the screen's intents the same way on every screen: "save" (create
// or update with the version the form was read at), "delete" (with that version), "reorder". A
// route names only its endpoints and how its form reads.
import { type ActionFailure, type ActionResult, adminAction, invalid } from "../lib/actions";
import { finishCreate, finishDelete, idList, text } from "./records";

export interface RecordScreenData<L, R> {
  list: L;
  /** The record open in the editor; null for a new one or when none is open. */
  record: R | null;
  /** ?edit: a record's id, "new", or null when the editor is closed. */
  editing: string | null;
}

export async function loadRecords<L, R>(
  request: Request,
  list: () => Promise<L>,
  get: (id: number) => Promise<R>,
): Promise<RecordScreenData<L, R>> {
  const editing = new URL(request.url).searchParams.get("edit");
  const [rows, record] = await Promise.all([
    list(),
    editing && editing !== "new" ? get(Number(editing)) : null,
  ]);
  return { list: rows, record, editing };
}

/** A form read in the browser: the body to send, or a failed result naming the fields. */
export type FormRead<B> = { ok: true; body: B } | ActionFailure;

export interface RecordActions<B> {
  /** "Brand": the toasts say "Brand added.", "Brand saved." and "Brand deleted.". */
  noun: string;
  /** Where a deleted record's screen goes back to. */
  listHref: string | ((form: FormData) => string);
  /** A new record's edit form; `${listHref}?edit=<id>` when absent. */
  editHref?: (id: number, form: FormData) => string;
  read: (form: FormData) => FormRead<B>;
  create: (body: B, form: FormData) => Promise<{ id: number }>;
  update: (id: number, body: B & { version: string }) => Promise<unknown>;
  /** Absent where the screen cannot delete (the intent is then unknown). */
  remove?: (id: number, version: string) => Promise<unknown>;
  /** Absent where the list has no order of its own. */
  reorder?: (ids: number[], form: FormData) => Promise<unknown>;
}

export function recordAction<B>(spec: RecordActions<B>) {
  return async ({ request }: { request: Request }): Promise<ActionResult | Response> => {
    const form = await request.formData();
    const intent = form.get("intent");
    const listHref = typeof spec.listHref === "string" ? spec.listHref : spec.listHref(form);
    const { reorder, remove } = spec;
    if (intent === "reorder" && reorder)
      return adminAction("New order saved.", () => reorder(idList(form), form));
    if (intent === "delete" && remove)
      return finishDelete(
        `${spec.noun} deleted.`,
        () => remove(Number(form.get("id")), text(form, "version")),
        listHref,
      );
    if (intent !== "save") return invalid({}, "Unknown action.");
    const read = spec.read(form);
    if (!read.ok) return read;
    const id = text(form, "id");
    if (!id)
      return finishCreate(
        `${spec.noun} added.`,
        () => spec.create(read.body, form),
        (created) => spec.editHref?.(created.id, form) ?? `${listHref}?edit=${created.id}`,
      );
    return adminAction(`${spec.noun} saved.`, () =>
      spec.update(Number(id), { ...read.body, version: text(form, "version") }),
    );
  };
}
