// An audit entry's before and after as the keys that changed, each value as readable text.
export interface ChangedKey {
  key: string;
  before: string;
  after: string;
}

function text(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, " ");
}

export function changedKeys(before: unknown, after: unknown): ChangedKey[] {
  const b =
    before && typeof before === "object" && !Array.isArray(before)
      ? (before as Record<string, unknown>)
      : null;
  const a =
    after && typeof after === "object" && !Array.isArray(after) ? (after as Record<string, unknown>) : null;
  if (!b && !a) {
    if (before === null && after === null) return [];
    return [{ key: "value", before: text(before), after: text(after) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((k) => JSON.stringify(b?.[k]) !== JSON.stringify(a?.[k]))
    .map((k) => ({ key: k, before: text(b?.[k]), after: text(a?.[k]) }));
}
