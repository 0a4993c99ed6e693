// A store's opening hours per weekday (store registry `working_hours`), for the contact page,
// the footer and the LocalBusiness JSON-LD. Days are 0 = Sunday ... 6 = Saturday; a day that
// is missing is closed. Pure.

export interface DayHours {
  day: number;
  open: string;
  close: string;
}

export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
/** Shops list the week from Monday. */
const ORDER = [1, 2, 3, 4, 5, 6, 0];

export interface WeekdayRow {
  day: number;
  name: (typeof WEEKDAYS)[number];
  /** "09:00 - 19:00", or null when closed. */
  hours: string | null;
}

function valid(h: DayHours): boolean {
  return (
    Number.isInteger(h.day) &&
    h.day >= 0 &&
    h.day <= 6 &&
    /^\d{1,2}:\d{2}$/.test(h.open) &&
    /^\d{1,2}:\d{2}$/.test(h.close)
  );
}

const pad = (t: string) => (t.length === 4 ? `0${t}` : t);

/** One row per weekday, Monday first. */
export function weekdayRows(hours: readonly DayHours[]): WeekdayRow[] {
  return ORDER.map((day) => {
    const h = hours.find((x) => x.day === day && valid(x));
    return { day, name: WEEKDAYS[day], hours: h ? `${pad(h.open)} - ${pad(h.close)}` : null };
  });
}

export interface HoursGroup {
  /** "Monday - Friday" or "Saturday". */
  days: string;
  hours: string | null;
}

/** Consecutive days with the same hours folded together, for the footer. */
export function groupedHours(hours: readonly DayHours[]): HoursGroup[] {
  const rows = weekdayRows(hours);
  const groups: { from: WeekdayRow; to: WeekdayRow }[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.to.hours === row.hours) last.to = row;
    else groups.push({ from: row, to: row });
  }
  return groups.map((g) => ({
    days: g.from === g.to ? g.from.name : `${g.from.name} - ${g.to.name}`,
    hours: g.from.hours,
  }));
}

/** schema.org OpeningHoursSpecification entries, days with equal hours together. */
export function openingHoursSpecification(hours: readonly DayHours[]) {
  const byHours = new Map<string, string[]>();
  for (const day of ORDER) {
    const h = hours.find((x) => x.day === day && valid(x));
    if (!h) continue;
    const key = `${pad(h.open)}|${pad(h.close)}`;
    byHours.set(key, [...(byHours.get(key) ?? []), WEEKDAYS[day]]);
  }
  return [...byHours.entries()].map(([key, days]) => {
    const [opens, closes] = key.split("|");
    return { "@type": "OpeningHoursSpecification", dayOfWeek: days, opens, closes };
  });
}
