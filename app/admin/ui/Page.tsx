// The parts every back-office screen is made of: a header with the title and actions, cards,
// definition lists, badges.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function PageHeader({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="mb-6">
      {back ? (
        <Link to={back.to} className="text-sm font-medium text-indigo-800 underline-offset-2 hover:underline">
          ← {back.label}
        </Link>
      ) : null}
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children ? <div className="mt-2 text-sm text-slate-700">{children}</div> : null}
    </header>
  );
}

export function Card({
  title,
  children,
  actions,
  className,
  id,
}: {
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
  /** A link target (#id), e.g. a settings group a notice points to. */
  id?: string;
}) {
  return (
    <section
      id={id}
      className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${className ?? ""}`}
    >
      {title || actions ? (
        <div className="mb-3 flex items-center justify-between gap-2">
          {title ? <h2 className="text-base font-semibold text-slate-900">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export function DetailList({ items }: { items: { term: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {items.map((item) => (
        <div key={item.term} className="contents">
          <dt className="font-medium text-slate-600">{item.term}</dt>
          <dd className="text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const TONES = {
  grey: "bg-slate-100 text-slate-800 ring-slate-300",
  green: "bg-green-50 text-green-900 ring-green-600/30",
  amber: "bg-amber-50 text-amber-900 ring-amber-600/30",
  red: "bg-red-50 text-red-900 ring-red-600/30",
  blue: "bg-sky-50 text-sky-900 ring-sky-600/30",
} as const;

export function Badge({ tone = "grey", children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      data-badge
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
