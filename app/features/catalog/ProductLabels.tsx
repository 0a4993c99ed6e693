// The card and product badges: New, Sale, Top, Out Of Stock (spec section 5 rules in core).
import { useTranslations } from "use-intl";
import { type Product, type ProductLabel, productLabels } from "../../../core/product-rules";

const STYLE: Record<ProductLabel, string> = {
  New: "bg-emerald-700 text-white",
  Sale: "bg-red-600 text-white",
  Top: "bg-amber-400 text-slate-900",
  "Out Of Stock": "bg-slate-700 text-white",
};

/** Each badge's text in the Product catalogue. */
const TEXT = {
  New: "labelNew",
  Sale: "labelSale",
  Top: "labelTop",
  "Out Of Stock": "labelOutOfStock",
} as const satisfies Record<ProductLabel, string>;

export function ProductLabels({
  product,
  showStock,
  className = "",
}: {
  product: Pick<
    Product,
    "isNew" | "isTop" | "priceCents" | "salePriceCents" | "priorPriceCents" | "stock" | "variants" | "varRel"
  >;
  showStock: boolean;
  className?: string;
}) {
  const t = useTranslations("Product");
  const labels = productLabels(product, showStock);
  if (labels.length === 0) return null;
  return (
    <ul
      className={`pointer-events-none flex flex-col items-start gap-1 ${className}`}
      aria-label={t("labels")}
    >
      {labels.map((l) => (
        <li
          key={l}
          data-testid="product-label"
          className={`rounded px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide shadow-sm ${STYLE[l]}`}
        >
          {t(TEXT[l])}
        </li>
      ))}
    </ul>
  );
}
