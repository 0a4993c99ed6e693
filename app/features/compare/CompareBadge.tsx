// The header's compare link with the number of products being compared.
import { Link } from "react-router";
import { CompareIcon, CountBubble } from "../cart/icons";
import { useCompare } from "../shop-state/store";

export function CompareBadge({ className = "flex" }: { className?: string }) {
  const count = useCompare().length;
  return (
    <Link
      to="/shop/compare"
      className={`relative items-center rounded p-1 text-slate-700 hover:text-brand sm:p-1.5 ${className}`}
      aria-label={`Compare, ${count} ${count === 1 ? "product" : "products"}`}
      data-testid="compare-badge"
    >
      <CompareIcon />
      <CountBubble count={count} />
    </Link>
  );
}
