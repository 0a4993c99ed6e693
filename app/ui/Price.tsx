// Prices in euros with two decimals: a single price, a sale (new price and the old one struck
// through), or a min-max range; and the VAT text under it. Every screen that shows a price
// (cards, product page, quick views, cart lines, wishlist, compare) goes through SalePrice, so a
// sale reads the same everywhere and to a screen reader too: <del> is not announced by most
// readers, hence the hidden "Was". A reduction is shown only with its prior price, the lowest price
// of the 30 days before it (Directive 98/6/EC art. 6a, core/price-reduction.ts); without one the
// selling price shows alone.
import { useTranslations } from "use-intl";
import { announcedReduction } from "../../core/price-reduction";
import {
  effectivePrice,
  isOutOfStock,
  type Product,
  priceRange,
  productLabels,
} from "../../core/product-rules";
import { useCoreText, useMoney } from "../lib/localized";

type Priced = Pick<
  Product,
  "priceCents" | "salePriceCents" | "priorPriceCents" | "variants" | "varRel" | "stock" | "isNew" | "isTop"
>;

/** "Lowest price in the 30 days before the reduction: €x", under a reduced price. */
function PriorPrice({ cents }: { cents: number }) {
  const t = useTranslations("PriceReduction");
  const euro = useMoney();
  return (
    <span
      className="mt-0.5 block whitespace-normal text-xs font-normal text-slate-600"
      data-testid="prior-price"
    >
      {t("prior", { price: euro(cents) })}
    </span>
  );
}

/**
 * A selling price, with the regular price struck through and the prior price under it when the
 * selling price announces a reduction (core/price-reduction.ts).
 */
export function SalePrice({
  nowCents,
  wasCents,
  priorCents,
}: {
  nowCents: number;
  wasCents: number | null;
  priorCents: number | null | undefined;
}) {
  const t = useTranslations("Common");
  const euro = useMoney();
  const reduction = announcedReduction(nowCents, wasCents, priorCents);
  if (reduction === null) return <span>{euro(nowCents)}</span>;
  return (
    <span data-testid="sale-price">
      <span className="whitespace-nowrap">
        <span className="text-red-700">
          <span className="sr-only">{t("now")}</span>
          {euro(nowCents)}
        </span>{" "}
        <del className="text-[0.85em] font-normal text-slate-500" data-testid="was-price">
          <span className="sr-only">{t("was")}</span>
          {euro(reduction.wasCents)}
        </del>
      </span>
      <PriorPrice cents={reduction.priorCents} />
    </span>
  );
}

export function ProductPrice({
  product,
  showStock,
  className = "",
}: {
  product: Priced;
  showStock: boolean;
  className?: string;
}) {
  const euro = useMoney();
  const { minCents, maxCents } = priceRange(product);
  const grouped = product.variants.length > 0 || product.varRel.length > 0;
  let body: React.ReactNode;
  if (!grouped) {
    // A single product: its selling price, the list price struck through when on sale. Out of
    // stock it still shows the sale, greyed (slate-600 keeps 4.5:1 on white).
    body = (
      <span className={isOutOfStock(product, showStock) ? "text-slate-600" : undefined}>
        <SalePrice nowCents={minCents} wasCents={maxCents} priorCents={product.priorPriceCents} />
      </span>
    );
  } else {
    // A group: its range, also when every variant is sold out (greyed; it showed the lowest price
    // alone while the Sale badge stayed, issue 44). A group wearing the Sale badge says what is
    // reduced under its range: its own product's selling price, the regular one struck through and
    // the prior price (decision 0048); the range alone struck nothing through.
    const sale = productLabels(product, showStock).includes("Sale");
    body = (
      <span className={isOutOfStock(product, showStock) ? "text-slate-600" : undefined}>
        {minCents === maxCents ? euro(minCents) : `${euro(minCents)} – ${euro(maxCents)}`}
        {sale ? (
          <span className="mt-0.5 block text-[0.8em]" data-testid="reduced-unit">
            <SalePrice
              nowCents={effectivePrice(product)}
              wasCents={product.priceCents}
              priorCents={product.priorPriceCents}
            />
          </span>
        ) : null}
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
  priorPriceCents,
  className = "",
}: {
  priceCents: number;
  salePriceCents: number | null;
  priorPriceCents: number | null;
  className?: string;
}) {
  return (
    <p className={`font-semibold text-slate-900 ${className}`} data-testid="price">
      <SalePrice nowCents={salePriceCents ?? priceCents} wasCents={priceCents} priorCents={priorPriceCents} />
    </p>
  );
}

/** The store's VAT line (VAT_INCLUDED_TEXT or VAT_NOT_INCLUDED_TEXT from the loader), in the page's language. */
export function VatText({ text, className = "" }: { text: string; className?: string }) {
  const coreText = useCoreText();
  return (
    <p className={`text-xs text-slate-500 ${className}`} data-testid="vat-text">
      {coreText(text)}
    </p>
  );
}
