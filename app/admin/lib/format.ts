// How the back office writes money, dates and times: euros in the Irish English format the
// storefront uses, dates and times in the shop's own time zone (Cyprus).
const money = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });
const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Nicosia",
});
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/Nicosia" });

export function formatMoney(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "—" : money.format(cents / 100);
}

export function formatDateTime(iso: string | Date | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : "—";
}

export function formatDate(iso: string | Date | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : "—";
}

/** "12.5" or "12,50" typed into a money field → 1250 cents; null when empty; NaN when not a number. */
export function centsFromInput(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "")
    .trim()
    .replace(",", ".");
  if (text === "") return null;
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/** Cents → the text a money field starts with ("12.50"). */
export function inputFromCents(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "" : (cents / 100).toFixed(2);
}
