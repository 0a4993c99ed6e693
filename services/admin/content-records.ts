// The write discipline of the taxonomy and content records (categories, brands, sections,
// slides, shipping methods, warehouses, reviews), said once: each save is one transaction that
// locks the row, checks the version it was read at, writes, and leaves an audit entry with the
// record before and after. Field problems are `invalid` with `details.fields`.
import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { assertVersion, recordAudit, type StaffActor } from "./audit";
import { readTranslations, type TranslationTable, writeTranslations } from "./translations";

// biome-ignore lint/suspicious/noExplicitAny: any table with a serial id
export type IdTable = PgTable & { id: PgColumn<any> };
// biome-ignore lint/suspicious/noExplicitAny: a row of such a table
export type Row = Record<string, any>;

export interface RecordKind<T extends IdTable = IdTable> {
  table: T;
  /** The audit entity, e.g. "brand". */
  entity: string;
  /** What a shop owner calls it, e.g. "brand", in messages. */
  noun: string;
  /** One line naming the record in the audit log. */
  label(row: Row): string;
  /** The ordering column and its property name, for reorder. */
  seq?: PgColumn;
  seqKey?: string;
  /**
   * Where its translations live (docs/decisions/0035-languages.md): they are read into the row
   * as `translations`, so its version and audit entry cover them; a save's `translations` value
   * is written to that table, not to the record's own.
   */
  translations?: TranslationTable<string>;
}

/** The rows with their `translations` (kinds that have them), read in one query. */
export async function withTranslations(
  store: StoreContext,
  db: Tx | StoreContext["db"],
  kind: RecordKind,
  rows: Row[],
): Promise<Row[]> {
  if (!kind.translations) return rows;
  const found = await readTranslations(
    store,
    db,
    kind.translations,
    rows.map((r) => r.id as number),
  );
  return rows.map((r) => ({ ...r, translations: found.get(r.id as number) ?? {} }));
}

async function withTranslation(store: StoreContext, db: Tx, kind: RecordKind, row: Row): Promise<Row> {
  return (await withTranslations(store, db, kind, [row]))[0] as Row;
}

/** A save's values apart: the record's columns, and its translations (undefined: left alone). */
function splitValues(values: Row): { columns: Row; translations: Row | undefined } {
  const { translations, ...columns } = values;
  return { columns, translations };
}

export function fieldError(field: string, message: string): ServiceError {
  return new ServiceError("invalid", message, { details: { field, fields: { [field]: message } } });
}

export function notFound(noun: string): ServiceError {
  return new ServiceError("not_found", `This ${noun} no longer exists. Reload the list.`);
}

/** The row, locked for the rest of the transaction; not_found when it is gone. */
export async function lockRow(tx: Tx, kind: RecordKind, id: number): Promise<Row> {
  const rows = await tx.select().from(kind.table).where(eq(kind.table.id, id)).for("update");
  const row = rows[0] as Row | undefined;
  if (!row) throw notFound(kind.noun);
  return row;
}

export async function readRow(store: StoreContext, kind: RecordKind, id: number): Promise<Row> {
  const rows = await store.db.select().from(kind.table).where(eq(kind.table.id, id));
  const row = rows[0] as Row | undefined;
  if (!row) throw notFound(kind.noun);
  return (await withTranslations(store, store.db, kind, [row]))[0] as Row;
}

/** Refuses a value another record of the table already has (the field's message says which). */
export async function assertUnique(
  tx: Tx,
  kind: RecordKind,
  column: PgColumn,
  value: unknown,
  exceptId: number | null,
  field: string,
  message: string,
): Promise<void> {
  const rows = await tx
    .select({ id: kind.table.id })
    .from(kind.table)
    .where(
      exceptId === null ? eq(column, value) : sql`${column} = ${value} and ${kind.table.id} <> ${exceptId}`,
    )
    .limit(1);
  if (rows.length > 0)
    throw new ServiceError("duplicate", message, { details: { field, fields: { [field]: message } } });
}

/** A unique index the pre-check could not see (two saves at once) answers like the pre-check. */
function duplicateFrom(err: unknown, kind: RecordKind): never {
  const hit = uniqueViolation(err);
  if (hit) {
    const field = /slug/.test(hit.constraint) ? "slug" : /code/.test(hit.constraint) ? "code" : "code";
    const message = `Another ${kind.noun} already uses this ${field}.`;
    throw new ServiceError("duplicate", message, { details: { field, fields: { [field]: message } } });
  }
  throw err;
}

export interface SaveHooks {
  /** Checks inside the transaction before the write (uniqueness, references). */
  check?(tx: Tx, current: Row | null): Promise<void>;
  /** Follow-up writes in the same transaction, after the row is written. */
  after?(tx: Tx, before: Row | null, after: Row): Promise<void>;
}

export async function createRecord(
  store: StoreContext,
  actor: StaffActor,
  kind: RecordKind,
  values: Row,
  hooks: SaveHooks = {},
): Promise<Row> {
  try {
    return await store.db.transaction(async (tx) => {
      await hooks.check?.(tx, null);
      const { columns, translations } = splitValues(values);
      const rows = await tx.insert(kind.table).values(columns).returning();
      const inserted = (rows as Row[])[0];
      if (!inserted) throw new Error(`insert into ${kind.entity} returned nothing`);
      if (kind.translations) await writeTranslations(store, tx, kind.translations, inserted.id, translations);
      const row = await withTranslation(store, tx, kind, inserted);
      await hooks.after?.(tx, null, row);
      await recordAudit(tx, actor, {
        action: `${kind.entity}.create`,
        entity: kind.entity,
        entityId: row.id,
        summary: `Added ${kind.noun} ${kind.label(row)}`,
        after: row,
      });
      return row;
    });
  } catch (err) {
    return duplicateFrom(err, kind);
  }
}

export async function updateRecord(
  store: StoreContext,
  actor: StaffActor,
  kind: RecordKind,
  id: number,
  version: string,
  values: Row,
  hooks: SaveHooks = {},
): Promise<Row> {
  try {
    return await store.db.transaction(async (tx) => {
      const before = await withTranslation(store, tx, kind, await lockRow(tx, kind, id));
      assertVersion(before, version);
      await hooks.check?.(tx, before);
      const { columns, translations } = splitValues(values);
      const rows = await tx.update(kind.table).set(columns).where(eq(kind.table.id, id)).returning();
      const updated = (rows as Row[])[0];
      if (!updated) throw notFound(kind.noun);
      if (kind.translations) await writeTranslations(store, tx, kind.translations, id, translations);
      const after = await withTranslation(store, tx, kind, updated);
      await hooks.after?.(tx, before, after);
      const changed = Object.keys(values).filter(
        (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
      );
      await recordAudit(tx, actor, {
        action: `${kind.entity}.update`,
        entity: kind.entity,
        entityId: id,
        summary: changed.length
          ? `Changed ${kind.noun} ${kind.label(after)}: ${changed.join(", ")}`
          : `Saved ${kind.noun} ${kind.label(after)} unchanged`,
        before: pick(before, changed),
        after: pick(after, changed),
      });
      return after;
    });
  } catch (err) {
    return duplicateFrom(err, kind);
  }
}

function pick(row: Row, keys: string[]): Row {
  return Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
}

/**
 * Deletes a record. `guard` may refuse (409 invalid_state) while the row is locked; a version,
 * when given, must still be the record's.
 */
export async function deleteRecord(
  store: StoreContext,
  actor: StaffActor,
  kind: RecordKind,
  id: number,
  version: string | undefined,
  guard?: (tx: Tx, row: Row) => Promise<void>,
): Promise<void> {
  await store.db.transaction(async (tx) => {
    const row = await withTranslation(store, tx, kind, await lockRow(tx, kind, id));
    if (version !== undefined) assertVersion(row, version);
    await guard?.(tx, row);
    await tx.delete(kind.table).where(eq(kind.table.id, id));
    await recordAudit(tx, actor, {
      action: `${kind.entity}.delete`,
      entity: kind.entity,
      entityId: id,
      summary: `Deleted ${kind.noun} ${kind.label(row)}`,
      before: row,
    });
  });
}

/**
 * Gives the records of one scope (all, or those `scope` selects) the order of `ids`: seq 0, 1,
 * 2 ... `ids` must be exactly the scope's records, or someone added or removed one meanwhile.
 */
export async function reorderRecords(
  store: StoreContext,
  actor: StaffActor,
  kind: RecordKind & { seq: PgColumn; seqKey: string },
  ids: number[],
  scope?: SQL,
  scopeLabel = "",
): Promise<void> {
  if (new Set(ids).size !== ids.length) throw fieldError("ids", "The same record is listed twice.");
  await store.db.transaction(async (tx) => {
    const rows = (await tx
      .select({ id: kind.table.id, seq: kind.seq })
      .from(kind.table)
      .where(scope ?? sql`true`)
      .orderBy(asc(kind.seq), asc(kind.table.id))
      .for("update")) as { id: number; seq: number }[];
    const have = new Set(rows.map((r) => r.id));
    if (rows.length !== ids.length || ids.some((id) => !have.has(id)))
      throw new ServiceError(
        "edit_conflict",
        `The list of ${kind.noun} records changed since you opened it. Reload it and put them in order again.`,
      );
    for (const [i, id] of ids.entries()) {
      const current = rows.find((r) => r.id === id);
      if (current?.seq !== i)
        await tx
          .update(kind.table)
          .set({ [kind.seqKey]: i })
          .where(eq(kind.table.id, id));
    }
    await recordAudit(tx, actor, {
      action: `${kind.entity}.reorder`,
      entity: kind.entity,
      summary: `New order of ${kind.noun} records${scopeLabel ? ` ${scopeLabel}` : ""}`,
      before: rows.map((r) => r.id),
      after: ids,
    });
  });
}

/** A page of rows plus the count of the whole list. */
export async function countWhere(tx: Tx | StoreContext["db"], table: IdTable, where?: SQL): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where ?? sql`true`);
  return Number(row?.n ?? 0);
}
