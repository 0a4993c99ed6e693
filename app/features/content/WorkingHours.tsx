// Opening hours per weekday from the store registry (`working_hours`): a table on the contact
// page, a compact list in the footer. Missing days are closed.
import { useTranslations } from "use-intl";
import { type DayHours, groupedHours, type WEEKDAYS, weekdayRows } from "../../../core/working-hours";
import { useRootData } from "../../root-data";

export function useWorkingHours(): DayHours[] {
  const data = useRootData();
  return data?.content?.workingHours ?? [];
}

/** core/working-hours.ts's day names, as catalogue keys. */
const DAY_KEYS = {
  Sunday: "sunday",
  Monday: "monday",
  Tuesday: "tuesday",
  Wednesday: "wednesday",
  Thursday: "thursday",
  Friday: "friday",
  Saturday: "saturday",
} as const satisfies Record<(typeof WEEKDAYS)[number], string>;

/** A day's name, or "Monday - Friday", in the page's language. */
function useDayNames(): (days: string) => string {
  const t = useTranslations("Content");
  return (days) =>
    days
      .split(" - ")
      .map((d) => (d in DAY_KEYS ? t(DAY_KEYS[d as keyof typeof DAY_KEYS]) : d))
      .join(" - ");
}

export function WorkingHoursTable({ className = "" }: { className?: string }) {
  const t = useTranslations("Content");
  const dayName = useDayNames();
  const rows = weekdayRows(useWorkingHours());
  return (
    <table className={`w-full text-sm ${className}`} data-testid="working-hours">
      <caption className="sr-only">{t("workingHours")}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.day} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-1.5 pr-4 text-left font-medium text-slate-700">
              {dayName(r.name)}
            </th>
            <td className={`py-1.5 text-right ${r.hours ? "text-slate-900" : "text-slate-500"}`}>
              {r.hours ?? t("closed")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** For the footer: "Monday - Friday 09:00 - 19:00", "Saturday ...", "Sunday Closed". */
export function WorkingHoursList({ className = "", title }: { className?: string; title?: string }) {
  const t = useTranslations("Content");
  const dayName = useDayNames();
  const hours = useWorkingHours();
  if (hours.length === 0) return null;
  return (
    <section className={className} aria-label={title ?? t("workingHours")} data-testid="footer-working-hours">
      {title ? (
        <h2 className="mb-2 text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      ) : null}
      <ul className="space-y-1 text-sm">
        {groupedHours(hours).map((g) => (
          <li key={g.days} className="flex justify-between gap-4">
            <span>{dayName(g.days)}</span>
            <span>{g.hours ?? t("closed")}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
