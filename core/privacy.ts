// Personal data: what the data download holds and how erasure blanks texts (docs/decisions/0051).
// Pure: no I/O. services/privacy/ reads and writes; the redaction rule lives here so the service,
// the retention job and the tests use the same one.

/**
 * What an erased text becomes. The append-only triggers of audit_log and order_events accept an
 * update only when every changed text becomes exactly this (privacy_only_erased in
 * db/sql/store/functions.sql), so the value is fixed.
 */
export const ERASED = "[erased]";

/** The data download's format name and version (the `format` and `version` keys of the file). */
export const EXPORT_FORMAT = "personal-data";
export const EXPORT_VERSION = 1;

/** Texts shorter than this are not searched for: "Al" would blank half a log entry. */
const MIN_NEEDLE = 3;

/**
 * The texts that identify a person, trimmed, lower case, without duplicates and short ones.
 * Erasure blanks every text that contains one of them.
 */
export function needlesOf(values: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    const t = (v ?? "").trim().toLowerCase();
    if (t.length >= MIN_NEEDLE && t !== ERASED) out.add(t);
  }
  return [...out];
}

/** Whether `text` contains any of `needles` (already lower case), ignoring case. */
export function mentions(text: string, needles: readonly string[]): boolean {
  const t = text.toLowerCase();
  return needles.some((n) => t.includes(n));
}

/**
 * A copy of a JSON value with every string that mentions one of `needles` replaced by ERASED:
 * the same shape, nothing else changed (what the audit log's trigger lets through).
 */
export function eraseMentions(value: unknown, needles: readonly string[]): unknown {
  if (typeof value === "string") return mentions(value, needles) ? ERASED : value;
  if (Array.isArray(value)) return value.map((v) => eraseMentions(v, needles));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, eraseMentions(v, needles)]),
    );
  }
  return value;
}

/** The name of a downloaded file: personal-data-<store>-<yyyy-mm-dd>.json. */
export function exportFileName(storeId: string, now: Date): string {
  return `${EXPORT_FORMAT}-${storeId.replace(/[^A-Za-z0-9_-]/g, "")}-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * The first day that is past an order's fiscal retention: orders placed before
 * `fiscalCutoff(now, years)` have been kept `years` full years after the end of their calendar
 * year (a 2015 order with 10 years: kept to the end of 2025).
 */
export function fiscalCutoff(now: Date, years: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - years, 0, 1));
}

/** `days` days before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}
