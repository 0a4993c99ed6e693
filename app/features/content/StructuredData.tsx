// schema.org JSON-LD for pages of other features: the Organization on the home page and the
// Product on the product page (price in EUR, availability, rating).
import {
  effectivePrice,
  hasVariants,
  isOutOfStock,
  type Product,
  priceRange,
} from "../../../core/product-rules";
import { organizationJsonLd, productJsonLd } from "../../../core/seo";
import { useSite } from "../../lib/seo";
import { JsonLd } from "../../ui/JsonLd";

export function OrganizationJsonLd() {
  const site = useSite();
  return site ? <JsonLd data={organizationJsonLd(site)} /> : null;
}

export function ProductJsonLd({ product, showStock }: { product: Product; showStock: boolean }) {
  const site = useSite();
  if (!site) return null;
  const range = hasVariants(product) ? priceRange(product) : null;
  return (
    <JsonLd
      data={productJsonLd(site.url, {
        id: product.id,
        name: product.name,
        description: product.shortDesc,
        sku: product.code,
        brand: product.brand?.name ?? null,
        images: product.pictures.map((p) => p.url),
        priceCents: effectivePrice(product),
        minPriceCents: range?.minCents ?? null,
        maxPriceCents: range?.maxCents ?? null,
        inStock: !isOutOfStock(product, showStock),
        rating: product.ratings,
        reviewCount: product.reviewCount,
        category: product.categories[0]?.name ?? null,
      })}
    />
  );
}
