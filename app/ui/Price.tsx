// Prices in euros with two decimals: a single price, a sale (new price and the old one struck
// through), or a min-max range; and the VAT text under it. Every screen that shows a price
// (cards, product page, quick views, cart lines, wishlist, compare) goes through SalePrice, so a
// sale reads the same everywhere and to a screen reader too: <del> is not announced by most
// readers, hence the hidden "Was".
import { useTranslations } from "use-intl";
import { isOutOfStock, type Product, priceRange } from "../../core/product-rules";
import { useCoreText, useMoney } from "../lib/localized";

type Priced = Pick<Product, "priceCents" | "salePriceCents" | "variants" | "varRel" | "stock">;

/** A selling price, with the regular price struck through when the selling price is lower. */
export function SalePrice({ nowCents, wasCents }: { nowCents: number; wasCents: number | null }) {
  const t = useTranslations("Common");
  const euro = useMoney();
  if (wasCents === null || wasCents <= nowCents) return <span>{euro(nowCents)}</span>;
  return (
    <span className="whitespace-nowrap" data-testid="sale-price">
      <span className="text-red-700">
        <span className="sr-only">{t("now")}</span>
        {euro(nowCents)}
      </span>{" "}
      <del className="text-[0.85em] font-normal text-slate-500" data-testid="was-price">
        <span className="sr-only">{t("was")}</span>
        {euro(wasCents)}
      </del>
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
        <SalePrice nowCents={minCents} wasCents={maxCents} />
      </span>
    );
  } else if (isOutOfStock(product, showStock)) {
    body = <span className="text-slate-600">{euro(minCents)}</span>;
  } else if (minCents === maxCents) {
    body = <span>{euro(minCents)}</span>;
  } else {
    body = (
      <span>
        {euro(minCents)} – {euro(maxCents)}
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
      <SalePrice nowCents={salePriceCents ?? priceCents} wasCents={priceCents} />
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
