// The product page /product/default/{id}: gallery, the buying side with the by-id variant
// rules, stock per warehouse, the description, specifications and reviews, related products,
// and on phones a buy bar that stays at hand once the main add to cart has scrolled away.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import type { ProductSpec, ReviewsPage } from "../../../core/product-reviews";
import { groupName, type Product, productPath } from "../../../core/product-rules";
import { fallbackLang, type Untranslated } from "../../../core/translation";
import { BelowFold } from "../../ui/BelowFold";
import { Breadcrumbs, type Crumb } from "../../ui/Breadcrumbs";
import { Carousel } from "../../ui/Carousel";
import { CartIcon } from "../../ui/icons";
import { ProductPrice, UnitPrice } from "../../ui/Price";
import { ProductCard } from "../catalog/ProductCard";
import { addPageToCart } from "../catalog/shop-actions";
import { openNotifyModal } from "../notify/notify-modal";
import { useDevice } from "../visitor/useDevice";
import { ProductDetailsSections } from "./ProductDetails";
import { ProductView } from "./ProductView";
import { type RelatedSelection, useRelatedSelection } from "./selection";
import type { WarehouseRow } from "./Warehouses";

export interface ProductPageData {
  product: Product;
  related: Product[];
  details: { longDescHtml: string; specs: ProductSpec[] } & Untranslated;
  reviews: ReviewsPage;
  warehouses: WarehouseRow[];
  vatText: string;
  showStock: boolean;
}

/** Phones and small tablets: where the buying controls scroll out of reach. Desktop has them in view. */
const BUY_BAR_MEDIA = "(max-width: 1023px)";

function BuyBar({
  product,
  selection,
  visible,
  showStock,
}: {
  product: Product;
  selection: RelatedSelection;
  visible: boolean;
  showStock: boolean;
}) {
  const t = useTranslations("Product");
  const [narrow, setNarrow] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const mq = window.matchMedia(BUY_BAR_MEDIA);
    const update = () => setNarrow(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  const show = narrow && visible;
  // A phone on its side has some 340-430 px of height: the bar drops its picture and padding there.
  const device = useDevice();
  const compact = device.type === "mobile" && device.orientation === "landscape";
  // While it shows, the page ends that much lower (the footer's last line is never under it),
  // and the scroll-to-top button sits above it. Measured again when the phone turns (`compact`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: compact changes the bar's height
  useEffect(() => {
    if (!show || !bar.current) return;
    const h = `${bar.current.offsetHeight}px`;
    const root = document.documentElement;
    root.style.setProperty("--buy-bar-height", h);
    document.body.style.paddingBottom = h;
    return () => {
      root.style.removeProperty("--buy-bar-height");
      document.body.style.paddingBottom = "";
    };
  }, [show, compact]);
  // A choice is still to make (a variant, or a colour and size): the bar leads to it.
  const needsChoice =
    (product.varRel.length > 0 && selection.variant === null) || product.variants.length > 0;
  // The group's name (what the page's heading says) and the chosen variant: the full product name
  // repeats the variant and left room for a word or two beside the button.
  const name = groupName(product);
  const picture = selection.variant?.pictures[0] ?? product.pictures[0];
  const button = `inline-flex ${compact ? "h-10" : "h-11"} shrink-0 items-center gap-1.5 rounded-full px-4 text-xs font-semibold uppercase tracking-wide transition`;
  let action: React.ReactNode;
  if (selection.outOfStock) {
    action = (
      <button
        type="button"
        onClick={() =>
          openNotifyModal({
            id: selection.unitId,
            name: selection.variant?.name ?? product.name,
            image: picture?.url ?? null,
          })
        }
        className={`${button} border-2 border-brand text-brand`}
        data-testid="buy-bar-notify"
      >
        {t("notifyMe")}
      </button>
    );
  } else if (needsChoice) {
    action = (
      <button
        type="button"
        onClick={() => {
          const select = document.querySelector<HTMLElement>(
            "[data-testid=product-page] [data-testid=variant-select], [data-testid=product-page] [data-testid=colour-swatch]",
          );
          select?.scrollIntoView({ block: "center", behavior: "smooth" });
          select?.focus({ preventScroll: true });
        }}
        className={`${button} bg-brand text-white`}
        data-testid="buy-bar-choose"
      >
        {t("chooseOptions")}
      </button>
    );
  } else {
    action = (
      <button
        type="button"
        onClick={() => addPageToCart(product, 1, { variant: selection.variant })}
        className={`${button} bg-brand text-white hover:bg-brand-dark`}
        data-testid="buy-bar-add"
      >
        <CartIcon size={16} />
        {t("addToCart")}
      </button>
    );
  }
  return (
    <div
      ref={bar}
      data-testid="sticky-bar"
      data-visible={show ? "true" : "false"}
      data-compact={compact ? "true" : "false"}
      aria-hidden={!show}
      inert={!show}
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_20px_rgba(15,23,42,.08)] backdrop-blur transition-transform duration-300 lg:hidden ${show ? "translate-y-0" : "translate-y-full"}`}
    >
      <div
        className={`mx-auto flex max-w-7xl items-center gap-3 px-4 ${compact ? "py-1 pb-[max(0.25rem,env(safe-area-inset-bottom))]" : "py-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))]"}`}
      >
        {picture && !compact ? (
          <img src={picture.url} alt="" width={44} height={44} className="h-11 w-11 rounded object-cover" />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">
            <span lang={fallbackLang(product, "name")}>{name}</span>
            {selection.variant ? (
              <span className="font-normal text-slate-600">
                {" · "}
                <span lang={fallbackLang(selection.variant, "label")}>{selection.variant.label}</span>
              </span>
            ) : null}
          </p>
          {selection.variant ? (
            <UnitPrice
              priceCents={selection.variant.priceCents}
              salePriceCents={selection.variant.salePriceCents}
              priorPriceCents={selection.variant.priorPriceCents}
              className="whitespace-nowrap text-sm"
            />
          ) : (
            <ProductPrice product={product} showStock={showStock} className="whitespace-nowrap text-sm" />
          )}
        </div>
        {action}
      </div>
    </div>
  );
}

export function ProductPage({ data }: { data: ProductPageData }) {
  const t = useTranslations("Product");
  const { product } = data;
  const selection = useRelatedSelection(product);
  const sentinel = useRef<HTMLDivElement>(null);
  const [past, setPast] = useState(false);
  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    // The root reaches far below the screen, so the sentinel counts as "in" anywhere under the
    // top edge: a jump or a fling from below the screen to above it (an anchor link, a restored
    // scroll) still crosses a boundary and is reported; with the bare viewport it was never in
    // view, so nothing fired and the bar stayed hidden.
    const io = new IntersectionObserver(([e]) => setPast(!e.isIntersecting && e.boundingClientRect.top < 0), {
      rootMargin: "0px 0px 100000px 0px",
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  const category = product.categories[0];
  const path = productPath(product);
  // The last crumbs follow the choice: the group, then the chosen variant.
  const nameLang = fallbackLang(product, "name");
  const tail: Crumb[] = selection.variant
    ? [
        { label: groupName(product), to: path, lang: nameLang },
        { label: selection.variant.label, lang: fallbackLang(selection.variant, "label") },
      ]
    : [{ label: groupName(product), lang: nameLang }];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs
        items={[
          { label: t("breadcrumbProducts"), to: "/shop/sidebar/list" },
          ...(category
            ? [
                {
                  label: category.name,
                  to: `/shop/sidebar/list?category=${encodeURIComponent(category.slug)}`,
                  lang: fallbackLang(category, "name"),
                },
              ]
            : []),
          ...tail,
        ]}
        path={path}
      />
      <div className="mt-6" data-testid="product-page">
        <ProductView
          product={product}
          showStock={data.showStock}
          vatText={data.vatText}
          mode="page"
          warehouses={data.warehouses}
          selection={selection}
          after={<div ref={sentinel} aria-hidden="true" />}
        />
      </div>
      <ProductDetailsSections
        longDescHtml={data.details.longDescHtml}
        specs={data.details.specs}
        untranslated={data.details.untranslated}
        reviews={data.reviews}
        path={path}
      />
      {data.related.length > 0 ? (
        <BelowFold id="product-related" estimatedHeight={490}>
          <section className="mt-16" aria-labelledby="related-title">
            <h2 id="related-title" className="mb-6 text-center text-2xl font-semibold text-slate-900">
              {t("youMayAlsoLike")}
            </h2>
            <Carousel kind="product" label={t("relatedProducts")} autoplay={5000} testId="related-products">
              {data.related.map((p) => (
                <ProductCard key={p.id} product={p} showStock={data.showStock} vatText={data.vatText} />
              ))}
            </Carousel>
          </section>
        </BelowFold>
      ) : null}
      <BuyBar product={product} selection={selection} visible={past} showStock={data.showStock} />
    </div>
  );
}
