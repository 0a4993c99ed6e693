// A titled panel of the dashboard (account details, orders, the account forms).
import type { ReactNode } from "react";

export function DashboardCard({
  title,
  children,
  testId,
  id,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  id?: string;
}) {
  return (
    <section
      id={id}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid={testId}
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
