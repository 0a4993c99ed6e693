// Opening hours per weekday from the store registry (`working_hours`): a table on the contact
// page, a compact list in the footer. Missing days are closed.
import { type DayHours, groupedHours, weekdayRows } from "../../../core/working-hours";
import { useRootData } from "../../root-data";

export function useWorkingHours(): DayHours[] {
  const data = useRootData();
  return data?.content?.workingHours ?? [];
}

export function WorkingHoursTable({ className = "" }: { className?: string }) {
  const rows = weekdayRows(useWorkingHours());
  return (
    <table className={`w-full text-sm ${className}`} data-testid="working-hours">
      <caption className="sr-only">Working hours</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.day} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-1.5 pr-4 text-left font-medium text-slate-700">
              {r.name}
            </th>
            <td className={`py-1.5 text-right ${r.hours ? "text-slate-900" : "text-slate-500"}`}>
              {r.hours ?? "Closed"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** For the footer: "Monday - Friday 09:00 - 19:00", "Saturday ...", "Sunday Closed". */
export function WorkingHoursList({ className = "", title }: { className?: string; title?: string }) {
  const hours = useWorkingHours();
  if (hours.length === 0) return null;
  return (
    <section className={className} aria-label={title ?? "Working hours"} data-testid="footer-working-hours">
      {title ? (
        <h2 className="mb-2 text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      ) : null}
      <ul className="space-y-1 text-sm">
        {groupedHours(hours).map((g) => (
          <li key={g.days} className="flex justify-between gap-4">
            <span>{g.days}</span>
            <span>{g.hours ?? "Closed"}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
