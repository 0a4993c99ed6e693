// One numbered step of the checkout form (billing, shipping, points, payment).
import { useId } from "react";

export function CheckoutCard({
  title,
  children,
  step,
}: {
  title: string;
  children: React.ReactNode;
  step?: number;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={id} className="mb-4 flex items-center gap-3 text-lg font-semibold text-slate-900">
        {step ? (
          <span
            className="grid h-7 w-7 flex-none place-items-center rounded-full bg-brand text-sm font-bold text-white"
            aria-hidden="true"
          >
            {step}
          </span>
        ) : null}
        {title}
      </h3>
      {children}
    </section>
  );
}
