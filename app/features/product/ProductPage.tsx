// The product page /product/default/{id}: gallery, the buying side with the by-id variant
// rules, stock per warehouse, a sticky bottom bar above 991 px, and related products.
import { useEffect, useRef, useState } from "react";
import type { Product } from "../../../core/product-rules";
import { BelowFold } from "../../ui/BelowFold";
import { Breadcrumbs } from "../../ui/Breadcrumbs";
import { Carousel } from "../../ui/Carousel";
import { CartIcon } from "../../ui/icons";
import { ProductPrice, UnitPrice } from "../../ui/Price";
import { ProductCard } from "../catalog/ProductCard";
import { addPageToCart } from "../catalog/shop-actions";
import { ProductView } from "./ProductView";
import { type RelatedSelection, useRelatedSelection } from "./selection";
import type { WarehouseRow } from "./Warehouses";

export interface ProductPageData {
  product: Product;
  related: Product[];
  warehouses: WarehouseRow[];
  vatText: string;
  showStock: boolean;
}

/** The sticky bottom bar applies above about 991-992 px (spec section 9). */
const STICKY_BAR_MEDIA = "(min-width: 992px)";

function StickyBar({
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
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(STICKY_BAR_MEDIA);
    const update = () => setWide(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  const show = wide && visible;
  const picture = selection.variant?.pictures[0] ?? product.pictures[0];
  return (
    <div
      data-testid="sticky-bar"
      data-visible={show ? "true" : "false"}
      aria-hidden={!show}
      inert={!show}
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_20px_rgba(15,23,42,.08)] backdrop-blur transition-transform duration-300 ${show ? "translate-y-0" : "translate-y-full"}`}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        {picture ? (
          <img src={picture.url} alt="" width={48} height={48} className="h-12 w-12 rounded object-cover" />
        ) : null}
        <p className="min-w-0 flex-1 truncate font-medium text-slate-900">
          {selection.variant?.name ?? product.name}
        </p>
        {selection.variant ? (
          <UnitPrice
            priceCents={selection.variant.priceCents}
            salePriceCents={selection.variant.salePriceCents}
          />
        ) : (
          <ProductPrice product={product} showStock={showStock} />
        )}
        <button
          type="button"
          disabled={!selection.canAdd}
          onClick={() => addPageToCart(product, 1, { variant: selection.variant })}
          className="inline-flex h-11 items-center gap-2 rounded-full bg-brand px-6 text-sm font-semibold uppercase tracking-wide text-white transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          <CartIcon size={18} />
          add to cart
        </button>
      </div>
    </div>
  );
}

export function ProductPage({ data }: { data: ProductPageData }) {
  const { product } = data;
  const selection = useRelatedSelection(product);
  const sentinel = useRef<HTMLDivElement>(null);
  const [past, setPast] = useState(false);
  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const io = new IntersectionObserver(([e]) => setPast(!e.isIntersecting && e.boundingClientRect.top < 0));
    io.observe(el);
    return () => io.disconnect();
  }, []);
  const category = product.categories[0];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs
        items={[
          { label: "Products", to: "/shop/sidebar/list" },
          ...(category
            ? [
                {
                  label: category.name,
                  to: `/shop/sidebar/list?category=${encodeURIComponent(category.slug)}`,
                },
              ]
            : []),
          { label: product.name },
        ]}
        path={`/product/default/${product.id}`}
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
      {data.related.length > 0 ? (
        <BelowFold id="product-related" estimatedHeight={490}>
          <section className="mt-16" aria-labelledby="related-title">
            <h2 id="related-title" className="mb-6 text-center text-2xl font-semibold text-slate-900">
              You May Also Like
            </h2>
            <Carousel kind="product" label="Related products" autoplay={5000} testId="related-products">
              {data.related.map((p) => (
                <ProductCard key={p.id} product={p} showStock={data.showStock} vatText={data.vatText} />
              ))}
            </Carousel>
          </section>
        </BelowFold>
      ) : null}
      <StickyBar product={product} selection={selection} visible={past} showStock={data.showStock} />
    </div>
  );
}
