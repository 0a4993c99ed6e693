// Prices in euros with two decimals: a single price, a sale (new price and the old one struck
// through), or a min-max range; and the VAT text under it.
import { formatEuro } from "../../core/money";
import { isOutOfStock, type Product, priceRange } from "../../core/product-rules";

type Priced = Pick<Product, "priceCents" | "salePriceCents" | "variants" | "varRel" | "stock">;

export function ProductPrice({
  product,
  showStock,
  className = "",
}: {
  product: Priced;
  showStock: boolean;
  className?: string;
}) {
  const { minCents, maxCents } = priceRange(product);
  const grouped = product.variants.length > 0 || product.varRel.length > 0;
  let body: React.ReactNode;
  if (isOutOfStock(product, showStock)) {
    body = <span className="text-slate-400">{formatEuro(grouped ? minCents : product.priceCents)}</span>;
  } else if (minCents === maxCents) {
    body = <span>{formatEuro(minCents)}</span>;
  } else if (!grouped) {
    body = (
      <>
        <span className="text-red-600">{formatEuro(minCents)}</span>{" "}
        <del className="text-[0.85em] font-normal text-slate-400">{formatEuro(maxCents)}</del>
      </>
    );
  } else {
    body = (
      <span>
        {formatEuro(minCents)} – {formatEuro(maxCents)}
      </span>
    );
  }
  return (
    <p className={`font-semibold text-slate-900 ${className}`} data-testid="price">
      {body}
    </p>
  );
}

/** A unit price: the sale price with the regular one struck through, or the price. */
export function UnitPrice({
  priceCents,
  salePriceCents,
  className = "",
}: {
  priceCents: number;
  salePriceCents: number | null;
  className?: string;
}) {
  return (
    <p className={`font-semibold text-slate-900 ${className}`} data-testid="price">
      {salePriceCents !== null && salePriceCents !== priceCents ? (
        <>
          <span className="text-red-600">{formatEuro(salePriceCents)}</span>{" "}
          <del className="text-[0.85em] font-normal text-slate-400">{formatEuro(priceCents)}</del>
        </>
      ) : (
        formatEuro(priceCents)
      )}
    </p>
  );
}

export function VatText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <p className={`text-xs text-slate-500 ${className}`} data-testid="vat-text">
      {text}
    </p>
  );
}
