// The buying side of the product page and the quick views: badges, name, rating, price, VAT
// text, short description, the variant choice, quantity, add to cart, wishlist, categories,
// the notify link and share links.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { CART_TEXT } from "../../../core/cart";
import {
  effectivePrice,
  groupName,
  isUnitOutOfStock,
  type Product,
  type RelatedVariant,
} from "../../../core/product-rules";
import { fallbackLang } from "../../../core/translation";
import { LocalLink, useCoreText, useLocalNavigate, useMoney } from "../../lib/localized";
import { CartIcon, HeartIcon } from "../../ui/icons";
import { ProductPrice, SalePrice, UnitPrice, VatText } from "../../ui/Price";
import { QuantityInput } from "../../ui/QuantityInput";
import { RatingBar } from "../../ui/RatingBar";
import { ProductLabels } from "../catalog/ProductLabels";
import {
  addPageToCart,
  addProductToWishlist,
  useInWishlistAny,
  variantOption,
} from "../catalog/shop-actions";
import { openNotifyModal } from "../notify/notify-modal";
import type { Outcome } from "../shop-state/actions";
import { useHydrated } from "../shop-state/store";
import { ShareLinks } from "./ShareLinks";
import type { ColourSizeSelection, RelatedSelection } from "./selection";

export function CategoryLinks({ product }: { product: Product }) {
  const t = useTranslations("Product");
  if (product.categories.length === 0) return null;
  return (
    <p className="text-sm text-slate-500" data-testid="category-links">
      <span className="mr-1">{t("categoryLabel")}</span>
      {product.categories.map((c, i) => (
        <span key={c.id}>
          {i > 0 ? ", " : ""}
          <LocalLink
            to={`/shop/sidebar/list?category=${encodeURIComponent(c.slug)}`}
            preventScrollReset
            className="text-slate-700 underline-offset-2 hover:text-brand hover:underline"
            lang={fallbackLang(c, "name")}
          >
            {c.name}
          </LocalLink>
        </span>
      ))}
    </p>
  );
}

/**
 * 'Get notified when available': opens the back-in-stock modal for the product or variant. Shown
 * only when it is sold out, as a button beside the disabled add to cart: the next step there.
 */
export function NotifyLink({
  id,
  name,
  image,
  testId = "notify-link",
}: {
  id: number;
  name: string;
  image: string | null;
  testId?: string;
}) {
  const t = useTranslations("Product");
  return (
    <button
      type="button"
      onClick={() => openNotifyModal({ id, name, image })}
      className="inline-flex h-11 items-center gap-2 rounded-full border-2 border-brand px-5 text-sm font-semibold text-brand transition hover:bg-brand hover:text-white"
      data-testid={testId}
    >
      <BellIcon />
      {t("notifyWhenAvailable")}
    </button>
  );
}

function BellIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

// One look for every option row (variant, colour, size): its label column and its drop-down.
const OPTION_LABEL = "w-16 text-sm font-medium text-slate-700";
const OPTION_SELECT =
  "h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30";

/** The related-variant drop-down ('Select a Variant') with its clear link. */
export function VariantSelect({
  product,
  selection,
  autoFocus = false,
}: {
  product: Product;
  selection: RelatedSelection;
  /** Focused on arrival: the quick view a card's wishlist heart opened to choose a variant. */
  autoFocus?: boolean;
}) {
  const id = useId();
  const t = useTranslations("Product");
  const select = useRef<HTMLSelectElement>(null);
  // The dialog was opened to make this very choice: the drop-down takes the focus once it shows.
  useEffect(() => {
    if (autoFocus) select.current?.focus();
  }, [autoFocus]);
  if (product.varRel.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor={id} className={OPTION_LABEL}>
        {t("variantLabel")}
      </label>
      <select
        id={id}
        value={selection.variant?.id ?? ""}
        onChange={(e) => selection.choose(e.target.value ? Number(e.target.value) : null)}
        className={OPTION_SELECT}
        ref={select}
        data-testid="variant-select"
      >
        <option value="">{t("selectVariant")}</option>
        {product.varRel.map((v) => (
          <option
            key={v.id}
            value={v.id}
            lang={fallbackLang(v, "label")}
            data-sold-out={isUnitOutOfStock(v.stock)}
          >
            {/* A sold-out variant says so before it is chosen (issue 44 defect 6); still choosable, for notify. */}
            {isUnitOutOfStock(v.stock) ? `${v.label} – ${t("labelOutOfStock")}` : v.label}
          </option>
        ))}
      </select>
      {selection.variant ? (
        <button
          type="button"
          onClick={() => selection.choose(null)}
          className="text-sm text-slate-500 underline underline-offset-2 hover:text-brand"
          data-testid="variant-clear"
        >
          {t("clear")}
        </button>
      ) : null}
    </div>
  );
}

/** Colour swatches and the size drop-down ('Select a size'), with clear and size guide links. */
export function ColourSizePicker({
  product,
  selection,
}: {
  product: Product;
  selection: ColourSizeSelection;
}) {
  const id = useId();
  const [guide, setGuide] = useState(false);
  const t = useTranslations("Product");
  const euro = useMoney();
  if (product.variants.length === 0) return null;
  const clear =
    selection.color !== null || selection.size !== null ? (
      <button
        type="button"
        onClick={selection.clear}
        className="text-sm text-slate-500 underline underline-offset-2 hover:text-brand"
        data-testid="colour-size-clear"
      >
        {t("clear")}
      </button>
    ) : null;
  return (
    <div className="space-y-4" data-testid="colour-size">
      <div className="flex flex-wrap items-center gap-3">
        <span className={OPTION_LABEL}>{t("colourLabel")}</span>
        <ul className="flex flex-wrap gap-2">
          {selection.colours.map((c) => {
            const active = selection.color === c.color;
            return (
              <li key={c.color}>
                <button
                  type="button"
                  onClick={() => selection.pickColour(c.color)}
                  aria-pressed={active}
                  aria-disabled={c.disabled}
                  aria-label={c.colorName}
                  title={c.colorName}
                  data-testid="colour-swatch"
                  data-disabled={c.disabled ? "true" : "false"}
                  className={`relative h-8 w-8 rounded-full border-2 transition ${active ? "border-brand ring-2 ring-brand/30" : "border-white shadow-[0_0_0_1px_#cbd5e1]"} ${c.disabled ? "cursor-not-allowed opacity-30" : "hover:scale-110"}`}
                  style={{ backgroundColor: c.color }}
                />
              </li>
            );
          })}
        </ul>
        {/* Rows sold by colour alone: no size row, so the clear link sits with the colours. */}
        {selection.needsSize ? null : clear}
      </div>
      {selection.needsSize ? (
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={id} className={OPTION_LABEL}>
            {t("sizeLabel")}
          </label>
          <select
            id={id}
            value={selection.size ?? ""}
            onChange={(e) => selection.pickSize(e.target.value || null)}
            className={OPTION_SELECT}
            data-testid="size-select"
          >
            <option value="">{t("selectSize")}</option>
            {selection.sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {clear}
          <button
            type="button"
            onClick={() => setGuide((g) => !g)}
            aria-expanded={guide}
            className="text-sm text-slate-500 underline underline-offset-2 hover:text-brand"
            data-testid="size-guide"
          >
            {t("sizeGuide")}
          </button>
        </div>
      ) : null}
      {guide && selection.needsSize ? (
        <table className="w-full text-left text-sm" data-testid="size-guide-table">
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <th className="py-1.5 font-medium">{t("colour")}</th>
              <th className="py-1.5 font-medium">{t("size")}</th>
              <th className="py-1.5 text-right font-medium">{t("price")}</th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((v) => (
              <tr key={v.id} className="border-b border-slate-100">
                <td className="py-1.5">{v.colorName}</td>
                <td className="py-1.5">{v.size}</td>
                <td className="py-1.5 text-right">{euro(effectivePrice(v))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {selection.chosen ? (
        <p className="text-xl font-semibold text-slate-900" data-testid="combination-price">
          <SalePrice
            nowCents={effectivePrice(selection.chosen)}
            wasCents={selection.chosen.priceCents}
            priorCents={selection.chosen.priorPriceCents}
          />
        </p>
      ) : null}
    </div>
  );
}

export function WishlistAction({
  product,
  selection,
  label,
}: {
  product: Product;
  selection?: RelatedSelection;
  /** The texts differ per screen: 'Add to Wishlist' (page, quick view by id) or with 'Go to Wishlist' (by slug). */
  label: (inList: boolean) => string;
}) {
  const hydrated = useHydrated();
  const inList = useInWishlistAny(product) && hydrated;
  const navigate = useLocalNavigate();
  return (
    <button
      type="button"
      data-testid="wishlist-action"
      onClick={() => {
        const outcome = addProductToWishlist(product, selection?.variant ?? null);
        if (!outcome.ok && outcome.status === "present") navigate("/shop/wishlist");
      }}
      className="inline-flex h-11 items-center gap-2 rounded-full border border-slate-300 px-5 text-sm font-medium text-slate-700 transition hover:border-brand hover:text-brand"
    >
      <HeartIcon size={18} filled={inList} className={inList ? "text-red-500" : ""} />
      {label(inList)}
    </button>
  );
}

export interface BuyBoxProps {
  product: Product;
  /** Upper bound of the quantity buttons; a typed number above it meets the stock message. */
  maxQty: number;
  disabled: boolean;
  /** Sold out: the button says so and cannot be pressed, and `notify` stands beside it. */
  outOfStock?: boolean;
  notify?: ReactNode;
  onAdd: (qty: number | null) => Outcome;
  wishlist: ReactNode;
  /**
   * Say the outcome of add to cart under the buttons too (the quick views): the toasts live
   * under a modal dialog's top layer, so there 'Out of Stock' / 'Available stock: n' went unseen.
   */
  inlineOutcome?: boolean;
}

type Said = { kind: "added" | "refused"; title: string; text?: string };

export function BuyBox({
  maxQty,
  disabled,
  outOfStock = false,
  notify,
  onAdd,
  wishlist,
  inlineOutcome = false,
}: BuyBoxProps) {
  const [qty, setQty] = useState<number | null>(1);
  const [said, setSaid] = useState<Said | null>(null);
  const t = useTranslations("Product");
  const say = useCoreText();
  const add = () => {
    const outcome = onAdd(qty);
    if (!inlineOutcome) return;
    if (outcome.ok) setSaid({ kind: "added", title: say(CART_TEXT.added) });
    else if (outcome.status === "blocked" && outcome.text)
      setSaid(
        outcome.title
          ? { kind: "refused", title: say(outcome.title), text: say(outcome.text) }
          : { kind: "refused", title: say(outcome.text) },
      );
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* One rule on the page and in both quick views: a typed quantity is never lowered
          silently; above the stock, add to cart answers 'Out of Stock' / 'Available stock: n'. */}
      <QuantityInput
        value={qty}
        onChange={(q) => {
          setQty(q);
          setSaid(null);
        }}
        max={maxQty}
        clampTyped={false}
        disabled={outOfStock}
      />
      <button
        type="button"
        disabled={disabled || outOfStock}
        onClick={add}
        data-testid="add-to-cart"
        className="inline-flex h-11 items-center gap-2 rounded-full bg-brand px-6 text-sm font-semibold uppercase tracking-wide text-white shadow-sm transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none"
      >
        {outOfStock ? null : <CartIcon size={18} />}
        {outOfStock ? t("outOfStock") : t("addToCart")}
      </button>
      {outOfStock ? notify : null}
      {wishlist}
      {inlineOutcome ? (
        // Always rendered: a live region must be in the page before what it announces.
        <div aria-live="polite" className="basis-full">
          {said ? (
            <p
              data-testid="buy-outcome"
              data-kind={said.kind}
              className={`rounded-lg border px-3 py-2 text-sm ${said.kind === "added" ? "border-emerald-200 bg-emerald-50 text-emerald-800" : "border-amber-300 bg-amber-50 text-amber-900"}`}
            >
              <strong className="font-semibold">{said.title}</strong>
              {said.text ? <span className="block">{said.text}</span> : null}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function PriceBlock({
  product,
  selection,
  showStock,
  vatText,
}: {
  product: Product;
  selection: RelatedSelection;
  showStock: boolean;
  vatText: string;
}) {
  return (
    <div>
      {selection.variant ? (
        <UnitPrice
          priceCents={selection.variant.priceCents}
          salePriceCents={selection.variant.salePriceCents}
          priorPriceCents={selection.variant.priorPriceCents}
          className="text-2xl"
        />
      ) : (
        <ProductPrice product={product} showStock={showStock} className="text-2xl" />
      )}
      <VatText text={vatText} className="mt-1" />
    </div>
  );
}

/** A chosen related variant as a product of its own for the badges: its prices and stock, no choices. */
function variantUnit(v: RelatedVariant) {
  return {
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    priorPriceCents: v.priorPriceCents,
    stock: v.stock,
    variants: [],
    varRel: [],
  };
}

/** Name, labels and rating: the top of every product view. */
export function ProductHeading({
  product,
  showStock,
  variant = null,
  as: Heading = "h1",
  id,
}: {
  product: Product;
  showStock: boolean;
  /** The chosen related variant: the badges are its own (its sale, its stock). */
  variant?: RelatedVariant | null;
  as?: "h1" | "h2";
  id?: string;
}) {
  const labelled = variant ? { ...product, ...variantUnit(variant) } : product;
  return (
    <div className="space-y-3">
      <ProductLabels product={labelled} showStock={showStock} className="!flex-row flex-wrap" />
      <Heading
        id={id}
        className="text-2xl font-semibold leading-tight text-slate-900 sm:text-3xl"
        data-testid="product-name"
        lang={fallbackLang(product, "name")}
      >
        {groupName(product)}
      </Heading>
      <RatingBar ratings={product.ratings} reviews={product.reviewCount} showValue />
    </div>
  );
}

export { addPageToCart, ShareLinks, variantOption };
