// schema.org JSON-LD builders (Product, BreadcrumbList, Organization, LocalBusiness, BlogPosting) and the
// safe serialisation for a <script type="application/ld+json">. Pure: used by route modules.
import { type DayHours, openingHoursSpecification } from "./working-hours";

export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** JSON for an inline script: nothing in it can close the tag or start markup. */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(origin, c.path),
    })),
  };
}

export interface SiteFacts {
  name: string;
  companyName: string;
  url: string;
  logo: string;
  telephone: string;
  email: string;
  sameAs: string[];
}

export function organizationJsonLd(site: SiteFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${site.url}/#organization`,
    name: site.companyName,
    alternateName: site.name !== site.companyName ? site.name : undefined,
    url: `${site.url}/`,
    logo: site.logo,
    ...(site.telephone ? { telephone: site.telephone } : {}),
    ...(site.email ? { email: site.email } : {}),
    ...(site.sameAs.length ? { sameAs: site.sameAs } : {}),
  };
}

export interface BusinessFacts {
  address?: string | null;
  image?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  hours: readonly DayHours[];
}

export function localBusinessJsonLd(site: SiteFacts, facts: BusinessFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${site.url}/#store`,
    name: site.name,
    url: `${site.url}/`,
    image: facts.image ? absoluteUrl(site.url, facts.image) : site.logo,
    logo: site.logo,
    ...(site.telephone ? { telephone: site.telephone } : {}),
    ...(site.email ? { email: site.email } : {}),
    ...(facts.address ? { address: { "@type": "PostalAddress", streetAddress: facts.address } } : {}),
    ...(facts.latitude != null && facts.longitude != null
      ? { geo: { "@type": "GeoCoordinates", latitude: facts.latitude, longitude: facts.longitude } }
      : {}),
    currenciesAccepted: "EUR",
    openingHoursSpecification: openingHoursSpecification(facts.hours),
    parentOrganization: { "@id": `${site.url}/#organization` },
  };
}

export interface ProductFacts {
  id: number;
  name: string;
  description?: string | null;
  sku?: string | null;
  brand?: string | null;
  images: string[];
  /** What the shopper pays (sale price when there is one), VAT-inclusive cents. */
  priceCents: number;
  /** A range over variants, when the product has several prices. */
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
  inStock: boolean;
  /** 0..5 */
  rating?: number | null;
  reviewCount?: number | null;
  category?: string | null;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

export function productJsonLd(origin: string, p: ProductFacts) {
  const url = absoluteUrl(origin, `/product/default/${p.id}`);
  const availability = p.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const ranged = p.minPriceCents != null && p.maxPriceCents != null && p.minPriceCents !== p.maxPriceCents;
  const offers = ranged
    ? {
        "@type": "AggregateOffer",
        priceCurrency: "EUR",
        lowPrice: euros(p.minPriceCents as number),
        highPrice: euros(p.maxPriceCents as number),
        availability,
        url,
      }
    : {
        "@type": "Offer",
        priceCurrency: "EUR",
        price: euros(p.priceCents),
        availability,
        url,
        itemCondition: "https://schema.org/NewCondition",
      };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: p.name,
    url,
    ...(p.description ? { description: p.description } : {}),
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.brand ? { brand: { "@type": "Brand", name: p.brand } } : {}),
    ...(p.category ? { category: p.category } : {}),
    image: p.images.map((i) => absoluteUrl(origin, i)),
    offers,
    ...(p.reviewCount && p.reviewCount > 0 && p.rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Number(p.rating).toFixed(2),
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export interface ArticleFacts {
  path: string;
  headline: string;
  description: string;
  image: string | null;
  /** ISO date-times. */
  datePublished: string;
  dateModified: string;
  author: string;
  keywords: readonly string[];
}

/** A blog post; the store's organisation publishes it (and writes it when no author is named). */
export function blogPostingJsonLd(site: SiteFacts, a: ArticleFacts) {
  const url = absoluteUrl(site.url, a.path);
  const publisher = {
    "@type": "Organization",
    "@id": `${site.url}/#organization`,
    name: site.companyName,
    logo: site.logo,
  };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": url,
    mainEntityOfPage: url,
    url,
    headline: a.headline.slice(0, 110),
    ...(a.description ? { description: a.description } : {}),
    ...(a.image ? { image: absoluteUrl(site.url, a.image) } : {}),
    datePublished: a.datePublished,
    dateModified: a.dateModified,
    author: a.author ? { "@type": "Person", name: a.author } : publisher,
    publisher,
    ...(a.keywords.length ? { keywords: a.keywords.join(", ") } : {}),
  };
}
