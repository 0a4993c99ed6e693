// Turns the product shapes the catalogue screens hold into the snapshot the lists store.
// Accepts the spec's names (price, sale_price in cents) and the camel-case cents names.
import type { ProductSnapshot, RelatedVariant } from "../../../core/cart";

type Pic = string | { url?: string | null; smUrl?: string | null } | null | undefined;

export interface ProductLike {
  id: number;
  name: string;
  slug?: string | null;
  price?: number | null;
  priceCents?: number | null;
  sale_price?: number | null;
  salePriceCents?: number | null;
  prior_price?: number | null;
  priorPriceCents?: number | null;
  stock?: number | null;
  image?: Pic;
  thumbnail?: Pic;
  sm_pictures?: Pic[] | null;
  smPictures?: Pic[] | null;
  pictures?: Pic[] | null;
  images?: Pic[] | null;
  variantId?: number | null;
  hasVariants?: boolean;
  variants?: unknown[] | null;
  var_rel?: RelatedLike[] | null;
  varRel?: RelatedLike[] | null;
  ratings?: number | null;
  review?: number | null;
  reviewCount?: number | null;
  brand?: string | { name?: string | null } | null;
  brandName?: string | null;
  category?: { name: string; slug: string }[] | null;
  categories?: { name: string; slug: string }[] | null;
  short_desc?: string | null;
  shortDesc?: string | null;
}

export type RelatedLike = Omit<ProductLike, "var_rel" | "varRel">;

function url(p: Pic): string | null {
  if (!p) return null;
  if (typeof p === "string") return p;
  return p.smUrl || p.url || null;
}

function firstUrl(list: Pic[] | null | undefined): string | null {
  for (const p of list ?? []) {
    const u = url(p);
    if (u) return u;
  }
  return null;
}

function cents(...values: (number | null | undefined)[]): number | null {
  for (const v of values) if (typeof v === "number" && Number.isFinite(v)) return Math.round(v);
  return null;
}

export function toSnapshot(p: ProductLike): ProductSnapshot {
  const brand = typeof p.brand === "string" ? p.brand : (p.brand?.name ?? p.brandName ?? null);
  const snapshot: ProductSnapshot = {
    id: p.id,
    name: p.name,
    slug: p.slug ?? "",
    price: cents(p.price, p.priceCents) ?? 0,
    sale_price: cents(p.sale_price, p.salePriceCents),
    prior_price: cents(p.prior_price, p.priorPriceCents),
    stock: typeof p.stock === "number" ? p.stock : null,
    image:
      url(p.thumbnail) ??
      url(p.image) ??
      firstUrl(p.sm_pictures) ??
      firstUrl(p.pictures) ??
      firstUrl(p.images),
    hasVariants: Boolean(
      p.hasVariants ||
        (p.variants?.length ?? 0) > 0 ||
        (p.var_rel?.length ?? 0) > 0 ||
        (p.varRel?.length ?? 0) > 0,
    ),
  };
  if (p.variantId !== undefined) snapshot.variantId = p.variantId;
  if (typeof p.ratings === "number" && Number.isFinite(p.ratings))
    snapshot.ratings = Math.min(5, Math.max(0, p.ratings));
  const review = cents(p.review, p.reviewCount);
  if (review !== null) snapshot.review = Math.max(0, review);
  if (brand !== null) snapshot.brand = brand;
  const category = p.category ?? p.categories;
  if (category) snapshot.category = category.map((c) => ({ name: c.name, slug: c.slug }));
  const desc = p.short_desc ?? p.shortDesc;
  if (desc) snapshot.short_desc = desc;
  return snapshot;
}

export function toRelated(v: RelatedLike, fallbackImage: string | null = null): RelatedVariant {
  const s = toSnapshot(v);
  return {
    id: s.id,
    name: s.name,
    price: s.price,
    sale_price: s.sale_price,
    stock: s.stock,
    image: s.image ?? fallbackImage,
  };
}
