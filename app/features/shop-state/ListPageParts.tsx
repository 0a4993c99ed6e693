// The frame the cart, wishlist and compare pages share: the placeholder while the lists load
// from storage, the box that says what the server check changed, and the empty state.
import type { ReactNode } from "react";
import { LocalLink } from "../../lib/localized";

export function ListLoading({ children }: { children: ReactNode }) {
  return (
    <div className="py-16 text-center text-slate-500" aria-busy="true">
      {children}
    </div>
  );
}

export function ListNotices({
  title,
  items,
  testId,
}: {
  title?: string;
  items: { key: string; text: ReactNode }[];
  testId?: string;
}) {
  if (items.length === 0) return null;
  return (
    <div
      role="status"
      className="mb-6 rounded border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid={testId}
    >
      {title ? <p className="mb-2 font-semibold">{title}</p> : null}
      <ul className="list-disc space-y-1 pl-5">
        {items.map((n) => (
          <li key={n.key}>{n.text}</li>
        ))}
      </ul>
    </div>
  );
}

export function EmptyList({ message, linkText }: { message: string; linkText: string }) {
  return (
    <div className="py-12 text-center">
      <p className="text-lg text-slate-600">{message}</p>
      <LocalLink
        to="/shop/sidebar/list"
        className="mt-6 inline-block rounded bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        {linkText}
      </LocalLink>
    </div>
  );
}
