// Imports a catalogue file (issue 22; docs/catalogue-import.md): every row checked before anything
// is written, then every product created or updated by code through the ERP's upsert
// (services/integration/products.ts) in ONE transaction: the file goes in whole or not at all.
// Used by `npm run import` (server/cli/import.ts) and the back office's upload
// (server/admin/catalog.ts). The CSV rules are in core/integration/csv-catalogue.ts.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import {
  type CatalogueRow,
  columnOfPath,
  MAX_CATALOGUE_BYTES,
  parseCatalogueCsv,
  type RowError,
} from "../../core/integration/csv-catalogue";
import type { AuditActor } from "../admin/audit";
import { storeChanged } from "../cache";
import type { StoreContext } from "../context";
import { isServiceError, ServiceError } from "../failure";
import { type ProductItemResult, upsertProducts } from "./products";

/** Products handed to the upsert at a time, inside the one transaction: progress is reported per batch. */
export const IMPORT_BATCH = 1000;

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export type ImportOutcome =
  | { status: "invalid"; rowCount: number; errors: RowError[] }
  | ({ status: "checked" | "imported"; rowCount: number; ms: number } & ImportCounts);

export interface ImportProgress {
  phase: "checking" | "writing";
  done: number;
  total: number;
}

export interface ImportOptions {
  /** Check every row, the database's checks included, and count what would change; write nothing. */
  dryRun?: boolean;
  /** Named in the audit entry ("catalogue.csv"). */
  fileName?: string;
  onProgress?: (p: ImportProgress) => void;
}

/** Thrown inside the transaction to undo it: a dry run, or rows the upsert refused. */
class Rollback extends Error {
  constructor(
    readonly counts: ImportCounts,
    readonly errors: RowError[],
  ) {
    super("rollback");
  }
}

/**
 * The file's bytes as text. Not UTF-8: an error on the line of the first byte that is not
 * (spreadsheets often save Windows-1252; the fix is to save as "CSV UTF-8").
 */
export function decodeCatalogue(bytes: Uint8Array): { text: string } | { error: RowError } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    const loose = new TextDecoder("utf-8").decode(bytes);
    const at = loose.indexOf("\uFFFD");
    const line = at < 0 ? 1 : loose.slice(0, at).split("\n").length;
    return {
      error: {
        line,
        column: null,
        message: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
      },
    };
  }
}

/** The upsert's refusals as row errors: its issue paths mapped back to the file's columns. */
function refusedRows(results: ProductItemResult[], lineOf: Map<string, number>): RowError[] {
  const errors: RowError[] = [];
  for (const r of results) {
    // An atomic call answers every unwritten item as failed; only those with issues were refused.
    if (r.status !== "failed" || !r.issues) continue;
    const line = lineOf.get(r.code) ?? 0;
    for (const issue of r.issues)
      errors.push({ line, column: columnOfPath(issue.path), message: issue.message });
  }
  return errors;
}

function countResults(results: ProductItemResult[], into: ImportCounts): void {
  for (const r of results) {
    if (r.status === "created") into.created++;
    else if (r.status === "updated") into.updated++;
    else if (r.status === "unchanged") into.unchanged++;
  }
}

/**
 * Checks a catalogue file's text and, unless `dryRun`, writes it in one transaction.
 * Answers `invalid` with every problem (file order) when a row is refused, by the file's rules or
 * the database's (unknown category or brand codes, a taken web address); nothing is written then.
 * Throws only what it does not expect (a database failure).
 */
export async function importCatalogueText(
  store: StoreContext,
  actor: AuditActor,
  text: string,
  opts: ImportOptions = {},
): Promise<ImportOutcome> {
  const started = performance.now();
  opts.onProgress?.({ phase: "checking", done: 0, total: 0 });
  const parsed = parseCatalogueCsv(text);
  const rows = parsed.rows;
  if (parsed.errors.length > 0 && rows.length === 0)
    return { status: "invalid", rowCount: parsed.rowCount, errors: parsed.errors };
  // Rows the file's rules refused do not stop the database's checks of the others (unknown codes,
  // taken addresses), so the list of problems is complete at once; nothing is written then.
  const dryRun = opts.dryRun === true || parsed.errors.length > 0;
  const invalid = (more: RowError[]): ImportOutcome => ({
    status: "invalid",
    rowCount: parsed.rowCount,
    errors: [...parsed.errors, ...more].sort((a, b) => a.line - b.line),
  });
  const lineOf = new Map(rows.map((r) => [r.product.code, r.line]));
  const summary = `Catalogue import${opts.fileName ? ` of ${opts.fileName}` : ""}: ${rows.length} rows`;
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0 };
  const refused = (err: unknown): RowError[] => {
    const items = isServiceError(err)
      ? (err.details as { items?: ProductItemResult[] } | undefined)?.items
      : undefined;
    const errors = items ? refusedRows(items, lineOf) : [];
    // A refusal that names no row is not the file's fault: let it fail as it is.
    if (errors.length === 0) throw err;
    return errors.sort((a, b) => a.line - b.line);
  };
  const done = (status: "checked" | "imported"): ImportOutcome => ({
    status,
    rowCount: rows.length,
    ms: performance.now() - started,
    ...counts,
  });

  try {
    if (!dryRun && rows.some((r) => r.product.pictures !== undefined)) {
      // Pictures: the upsert fetches them before its transaction and removes replaced files after
      // its commit, so it must be the outermost transaction: one call, no progress in between.
      opts.onProgress?.({ phase: "writing", done: 0, total: rows.length });
      try {
        const results = await upsertProducts(
          store,
          actor,
          rows.map((r) => r.product),
          { atomic: true, audit: "summary", summary },
        );
        countResults(results, counts);
      } catch (err) {
        return invalid(refused(err));
      }
      opts.onProgress?.({ phase: "writing", done: rows.length, total: rows.length });
      return done("imported");
    }

    // Without pictures the upsert touches only the database: batches of it run inside one
    // transaction of ours (each its own savepoint), so a refused batch is undone alone, the next
    // batches are still checked, progress is reported per batch, and nothing is kept unless all pass.
    const phase = dryRun ? "checking" : "writing";
    try {
      await store.db.transaction(async (tx) => {
        const inTx: StoreContext = { ...store, db: tx as unknown as StoreContext["db"] };
        const errors: RowError[] = [];
        for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
          opts.onProgress?.({ phase, done: i, total: rows.length });
          const batch: CatalogueRow[] = rows.slice(i, i + IMPORT_BATCH);
          // A dry run does not fetch pictures: it checks and counts everything else.
          const items = batch.map((r) => {
            if (!dryRun) return r.product;
            const { pictures: _skipped, ...rest } = r.product;
            return rest;
          });
          try {
            const results = await upsertProducts(inTx, actor, items, {
              atomic: true,
              audit: "summary",
              summary: `${summary} (rows ${i + 1}-${i + batch.length} of the file's data rows)`,
            });
            countResults(results, counts);
          } catch (err) {
            errors.push(...refused(err));
          }
        }
        opts.onProgress?.({ phase, done: rows.length, total: rows.length });
        if (errors.length > 0 || dryRun) throw new Rollback(counts, errors);
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
      if (err.errors.length > 0 || parsed.errors.length > 0) return invalid(err.errors);
      return done("checked");
    }
    return done("imported");
  } finally {
    // Requests between an inner write and the commit may have cached the old catalogue.
    if (!dryRun) storeChanged(store.config.id);
  }
}

/** importCatalogueText for bytes (an upload, a file): UTF-8 checked first. */
export async function importCatalogueBytes(
  store: StoreContext,
  actor: AuditActor,
  bytes: Uint8Array,
  opts: ImportOptions = {},
): Promise<ImportOutcome> {
  const decoded = decodeCatalogue(bytes);
  if ("error" in decoded) return { status: "invalid", rowCount: 0, errors: [decoded.error] };
  return importCatalogueText(store, actor, decoded.text, opts);
}

/** importCatalogueBytes for a file on disk. */
export async function importCatalogueFile(
  store: StoreContext,
  actor: AuditActor,
  path: string,
  opts: ImportOptions = {},
): Promise<ImportOutcome> {
  const bytes = await readFile(path);
  return importCatalogueBytes(store, actor, bytes, { fileName: basename(path), ...opts });
}

/**
 * importCatalogueBytes for a file from a multipart upload. Throws ServiceError `invalid` when the
 * value is not a file, is empty or is over MAX_CATALOGUE_BYTES.
 */
export async function importCatalogueUpload(
  store: StoreContext,
  actor: AuditActor,
  file: unknown,
  opts: ImportOptions = {},
): Promise<ImportOutcome> {
  if (!(file instanceof Blob))
    throw new ServiceError("invalid", "Choose a CSV file to upload (field `file`).");
  if (file.size === 0) throw new ServiceError("invalid", "The file is empty.");
  if (file.size > MAX_CATALOGUE_BYTES) {
    throw new ServiceError(
      "invalid",
      `The file is larger than ${MAX_CATALOGUE_BYTES / 1024 / 1024} MB. Split it, or use npm run import on the server.`,
    );
  }
  const name = file instanceof File && file.name ? basename(file.name) : undefined;
  const bytes = new Uint8Array(await file.arrayBuffer());
  return importCatalogueBytes(store, actor, bytes, { fileName: name, ...opts });
}
