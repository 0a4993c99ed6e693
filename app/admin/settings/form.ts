// The settings form's data: what the browser reads from the FormData before it is sent (text
// to numbers, ticked boxes to booleans, the country lines and the weekday hours), and where a
// server message about a nested value lands on the form.
import { SETTING_FIELDS, type SettingValue } from "../../../core/admin/settings";

export interface StoreFieldsInput {
  name: string;
  url: string;
  countries: { code: string; name: string }[];
  workingHours: { day: number; open: string; close: string }[];
}

/** "CY Cyprus" or "CY, Cyprus" per line. */
export function parseCountries(text: string): {
  countries: { code: string; name: string }[];
  problem?: string;
} {
  const countries: { code: string; name: string }[] = [];
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  for (const [i, line] of lines.entries()) {
    if (line === "") continue;
    const m = /^([A-Za-z]{2})\s*[,:;\-–]?\s+(.+)$/.exec(line);
    if (!m?.[1] || !m[2])
      return {
        countries,
        problem: `Line ${i + 1}: write the 2-letter code, then the name, e.g. "CY Cyprus".`,
      };
    countries.push({ code: m[1].toUpperCase(), name: m[2].trim() });
  }
  return { countries };
}

export function formatCountries(countries: { code: string; name: string }[]): string {
  return countries.map((c) => `${c.code} ${c.name}`).join("\n");
}

export function readSettingsForm(form: FormData): {
  values: Record<string, SettingValue>;
  store: StoreFieldsInput;
  problems: Record<string, string>;
} {
  const problems: Record<string, string> = {};
  const values: Record<string, SettingValue> = {};
  for (const f of SETTING_FIELDS) {
    const name = `values.${f.key}`;
    const raw = form.get(name);
    if (f.kind === "switch") {
      values[f.key] = raw === "on";
      continue;
    }
    const text = String(raw ?? "").trim();
    if (f.kind === "number" || f.kind === "money" || f.kind === "warehouse") {
      if (text === "") {
        values[f.key] = null;
        continue;
      }
      const n = Number(text.replace(",", "."));
      // Not a number: sent as typed, so the server's message for the field explains the range.
      values[f.key] = Number.isFinite(n) ? n : text;
      continue;
    }
    values[f.key] = text;
  }
  const countries = parseCountries(String(form.get("store.countries") ?? ""));
  if (countries.problem) problems["store.countries"] = countries.problem;
  const workingHours: StoreFieldsInput["workingHours"] = [];
  for (let day = 0; day < 7; day++) {
    const open = String(form.get(`hours.${day}.open`) ?? "").trim();
    const close = String(form.get(`hours.${day}.close`) ?? "").trim();
    if (!open && !close) continue;
    if (!open || !close) {
      problems["store.workingHours"] =
        "Give both the opening and the closing time, or neither for a closed day.";
      continue;
    }
    workingHours.push({ day, open, close });
  }
  return {
    values,
    store: {
      name: String(form.get("store.name") ?? "").trim(),
      url: String(form.get("store.url") ?? "").trim(),
      countries: countries.countries,
      workingHours,
    },
    problems,
  };
}

/** The server names nested values ("store.countries.2.code"); the form marks their whole field. */
export function formFieldsOf(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.startsWith("store.countries")
      ? "store.countries"
      : key.startsWith("store.workingHours")
        ? "store.workingHours"
        : key;
    out[name] ??= message;
  }
  return out;
}
