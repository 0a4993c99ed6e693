// The product card (spec section 2): labels, a second image on hover, the wishlist button
// ('add to Wishlist' / 'go to Wishlist'), quick view, 'Watch Video', 'add to cart' or
// 'select options', categories, name, price or range and the VAT text. `layout="list"` is
// the wide row of /shop/sidebar/list.
import { useTranslations } from "use-intl";
import { groupName, hasVariants, isOutOfStock, type Product, productPath } from "../../../core/product-rules";
import { fallbackLang } from "../../../core/translation";
import { LocalLink, useLocalNavigate } from "../../lib/localized";
import { CartIcon, EyeIcon, HeartIcon, PlayIcon } from "../../ui/icons";
import { ProductPrice, VatText } from "../../ui/Price";
import { RatingBar } from "../../ui/RatingBar";
import { CompareButton } from "../compare/CompareButton";
import { openNotifyModal } from "../notify/notify-modal";
import { useHydrated } from "../shop-state/store";
import { ProductLabels } from "./ProductLabels";
import { openQuickView, openVideo } from "./quick-view";
import { addCardToCart, addProductToWishlist, useInWishlistAny } from "./shop-actions";

export interface ProductCardProps {
  product: Product;
  showStock: boolean;
  vatText: string;
  /** Above the fold: load the image eagerly. */
  eager?: boolean;
  layout?: "grid" | "list";
}

export const productHref = productPath;
export const cardName = groupName;

/** A transparent pixel, inline: the source a device without hover shows instead of the hover picture. */
const NO_PICTURE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

function WishlistButton({ product, className = "" }: { product: Product; className?: string }) {
  const hydrated = useHydrated();
  const inList = useInWishlistAny(product) && hydrated;
  const navigate = useLocalNavigate();
  const t = useTranslations("Product");
  const label = inList ? t("cardGoToWishlist") : t("cardAddToWishlist");
  return (
    <button
      type="button"
      aria-label={label}
      data-testid="card-wishlist"
      onClick={() => {
        if (inList) navigate("/shop/wishlist");
        // A variant must be chosen first (spec section 5): the card offers the choice, the quick
        // view on its variant drop-down, rather than the refusal (issue 44 defect 8).
        else if (product.varRel.length > 0) openQuickView({ kind: "id", id: product.id, forWishlist: true });
        else if (addProductToWishlist(product).status === "present") navigate("/shop/wishlist");
      }}
      className={`group/wl flex h-9 items-center gap-2 rounded-full bg-white/95 px-2.5 text-slate-600 shadow-sm transition hover:bg-brand hover:text-white ${className}`}
    >
      <HeartIcon
        size={18}
        filled={inList}
        className={inList ? "text-red-500 group-hover/wl:text-white" : ""}
      />
      <span className="hidden text-xs font-medium group-hover/wl:inline">{label}</span>
    </button>
  );
}

function QuickActions({ product, className = "" }: { product: Product; className?: string }) {
  const t = useTranslations("Product");
  // Colour/size products open the quick view by slug (swatches); the others by id (variant list).
  const target =
    product.variants.length > 0
      ? ({ kind: "slug", slug: product.slug } as const)
      : ({ kind: "id", id: product.id } as const);
  return (
    <div className={`flex ${className}`}>
      <button
        type="button"
        onClick={() => openQuickView(target)}
        data-testid="card-quick-view"
        className="flex flex-1 items-center justify-center gap-1.5 bg-slate-900/85 py-2.5 text-xs font-medium uppercase tracking-wide text-white transition hover:bg-brand"
      >
        <EyeIcon size={16} />
        {t("quickView")}
      </button>
      {product.videoUrl ? (
        <button
          type="button"
          onClick={() => openVideo(product.videoUrl as string)}
          data-testid="card-watch-video"
          className="flex flex-1 items-center justify-center gap-1.5 border-l border-white/20 bg-slate-900/85 py-2.5 text-xs font-medium uppercase tracking-wide text-white transition hover:bg-brand"
        >
          <PlayIcon size={16} />
          {t("watchVideo")}
        </button>
      ) : null}
    </div>
  );
}

function CartButton({
  product,
  showStock,
  className = "",
}: {
  product: Product;
  showStock: boolean;
  className?: string;
}) {
  const t = useTranslations("Product");
  const base = `inline-flex items-center justify-center gap-2 rounded-full border px-4 py-2 text-xs font-semibold uppercase tracking-wide transition max-[359px]:px-3 ${className}`;
  const active = `${base} border-brand text-brand hover:bg-brand hover:text-white`;
  // Sold out never looks buyable: the button says so and cannot be pressed, and asking to be
  // told when it is back is the next step, right beside it.
  if (isOutOfStock(product, showStock)) {
    return (
      <div className={`flex flex-col gap-1.5 ${className}`}>
        <button
          type="button"
          disabled
          className={`${base} w-full cursor-not-allowed border-slate-300 bg-slate-100 text-slate-600`}
          data-testid="card-out-of-stock"
        >
          {t("outOfStock")}
        </button>
        <button
          type="button"
          onClick={() =>
            openNotifyModal({ id: product.id, name: product.name, image: product.pictures[0]?.url ?? null })
          }
          className={`${active} w-full`}
          data-testid="card-notify"
        >
          {t("notifyMe")}
        </button>
      </div>
    );
  }
  if (hasVariants(product)) {
    return (
      <LocalLink to={productHref(product)} className={active} data-testid="card-select-options">
        {t("cardSelectOptions")}
      </LocalLink>
    );
  }
  return (
    <button
      type="button"
      className={active}
      data-testid="card-add-to-cart"
      onClick={() => addCardToCart(product)}
    >
      <CartIcon size={16} />
      {t("addToCart")}
    </button>
  );
}

function Categories({ product }: { product: Product }) {
  if (product.categories.length === 0) return null;
  return (
    <p className="truncate text-xs text-slate-500" data-testid="card-categories">
      {product.categories.map((c, i) => (
        <span key={c.id}>
          {i > 0 ? ", " : ""}
          <LocalLink
            to={`/shop/sidebar/list?category=${encodeURIComponent(c.slug)}`}
            preventScrollReset
            className="hover:text-brand"
            lang={fallbackLang(c, "name")}
          >
            {c.name}
          </LocalLink>
        </span>
      ))}
    </p>
  );
}

function Images({ product, eager }: { product: Product; eager?: boolean }) {
  const [first, second] = product.pictures;
  return (
    // relative: the hover picture covers the first one only; positioned against the card's
    // picture box it also lay over the quick-view strip under it on touch screens, and a tap
    // on 'Quick view' opened the product page.
    <LocalLink
      to={productHref(product)}
      className="relative block aspect-square overflow-hidden bg-slate-50"
      tabIndex={-1}
      aria-hidden="true"
    >
      {first ? (
        <img
          src={first.url}
          alt=""
          width={first.width}
          height={first.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover transition duration-500 group-hover:scale-[1.03]"
        />
      ) : null}
      {second ? (
        <picture>
          {/* Shown on hover only: a touch screen takes the empty source and never downloads it. */}
          <source media="(hover: none)" srcSet={NO_PICTURE} />
          <img
            src={second.url}
            alt=""
            width={second.width}
            height={second.height}
            loading="lazy"
            decoding="async"
            data-testid="card-second-image"
            className="absolute inset-0 h-full w-full object-cover opacity-0 transition-opacity duration-500 group-hover:opacity-100"
          />
        </picture>
      ) : null}
    </LocalLink>
  );
}

export function ProductCard({ product, showStock, vatText, eager, layout = "grid" }: ProductCardProps) {
  if (layout === "list") {
    return (
      <article
        className="group grid gap-4 rounded-xl border border-slate-200 bg-white p-3 transition hover:shadow-lg sm:grid-cols-[12rem_1fr_11rem] sm:p-4"
        data-testid="product-card"
      >
        <div className="relative overflow-hidden rounded-lg">
          <Images product={product} eager={eager} />
          <ProductLabels product={product} showStock={showStock} className="absolute left-2 top-2" />
          <QuickActions
            product={product}
            className="transition [@media(hover:hover)]:absolute [@media(hover:hover)]:inset-x-0 [@media(hover:hover)]:bottom-0 [@media(hover:hover)]:translate-y-full [@media(hover:hover)]:group-focus-within:translate-y-0 [@media(hover:hover)]:group-hover:translate-y-0"
          />
        </div>
        <div className="min-w-0 space-y-2">
          <Categories product={product} />
          <h3 className="text-base font-medium leading-snug text-slate-900">
            <LocalLink
              to={productHref(product)}
              className="hover:text-brand"
              lang={fallbackLang(product, "name")}
            >
              {cardName(product)}
            </LocalLink>
          </h3>
          <RatingBar ratings={product.ratings} reviews={product.reviewCount} />
          <p className="line-clamp-2 text-sm text-slate-600" lang={fallbackLang(product, "shortDesc")}>
            {product.shortDesc}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:items-end sm:justify-center sm:border-l sm:border-slate-100 sm:pl-4">
          <div className="sm:text-right">
            <ProductPrice product={product} showStock={showStock} className="text-lg" />
            <VatText text={vatText} />
          </div>
          <CartButton product={product} showStock={showStock} />
          <div className="flex gap-2 self-start sm:self-end">
            <WishlistButton product={product} className="border border-slate-200" />
            <CompareButton product={product} className="border border-slate-200" />
          </div>
        </div>
      </article>
    );
  }
  return (
    <article
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition hover:border-slate-300 hover:shadow-lg"
      data-testid="product-card"
    >
      <div className="relative overflow-hidden">
        <Images product={product} eager={eager} />
        {/* right-14: a long label ('Out Of Stock' on a phone's two-column card) wraps short of the
            wishlist and compare buttons instead of running under them. */}
        <ProductLabels
          product={product}
          showStock={showStock}
          className="absolute left-2.5 right-14 top-2.5"
        />
        <WishlistButton product={product} className="absolute right-2.5 top-2.5" />
        <CompareButton product={product} className="absolute right-2.5 top-[3.25rem]" />
        {/* An overlay only where a pointer hovers; on a touch screen it would sit on the picture
            for good, so there it is a strip under it. */}
        <QuickActions
          product={product}
          className="transition [@media(hover:hover)]:absolute [@media(hover:hover)]:inset-x-0 [@media(hover:hover)]:bottom-0 [@media(hover:hover)]:translate-y-full [@media(hover:hover)]:group-focus-within:translate-y-0 [@media(hover:hover)]:group-hover:translate-y-0"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <Categories product={product} />
        <h3 className="line-clamp-2 min-h-[2.5rem] text-sm font-medium leading-snug text-slate-900">
          <LocalLink
            to={productHref(product)}
            className="hover:text-brand"
            lang={fallbackLang(product, "name")}
          >
            {cardName(product)}
          </LocalLink>
        </h3>
        <div className="mt-auto pt-1">
          <ProductPrice product={product} showStock={showStock} className="text-base" />
          <VatText text={vatText} />
        </div>
        <CartButton product={product} showStock={showStock} className="mt-2 w-full" />
      </div>
    </article>
  );
}
