// The shop's time zone and its offset from UTC: "today", the back office's date filters and
// publish dates, and the dates shoppers read are days and times in Cyprus. A module of its own so a storefront page can read it without the back office's
// order rules (and their zod schemas) in its first-load JavaScript.
export const STORE_TIME_ZONE = "Europe/Nicosia";

/** The zone's offset from UTC at an instant, in ms (Cyprus: +2 h in winter, +3 h in summer). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}
