// Every picture file one demo store needs, with the URL conventions the database rows use:
//   /images/products/<slug>-<n>.webp (600x600) and <slug>-<n>-sm.webp (150x150), n = seq + 1
//   /images/brands/<brand code, lower case>.svg (400x200, vector: the logo carries the brand's name)
//   /images/categories/<slug>.webp (600x400), master and sub-categories alike
//   /images/slides/slide-<n>.webp (1920x500), /images/pages/*.webp
//   /images/blog/<post slug>.webp (1200x630), the blog posts' covers
//   (reviewers have no photo: the page shows their initials)
//   /images/brand/logo.svg and /images/brand/favicon.svg (vector, the logo has the store name)
// A URL "/images/x" is the file `${dataDir}/images/${img_folder}/x`.
import {
  bannerSvg,
  blogCoverSvg,
  brandSvg,
  categorySvg,
  faviconSvg,
  logoSvg,
  productSvg,
  slideSvg,
} from "./art";
import { blogCoverUrl, blogPostsFor, familyProduct } from "./blog";
import { FAMILY_STYLES, type SeedProduct } from "./catalog";
import { BRANDS, FAMILIES, MASTER_CATEGORIES, SUB_CATEGORIES } from "./catalog-data";
import { PAGE_IMAGES } from "./content";
import type { ImageWriter } from "./images";
import type { DemoStoreDef } from "./stores";

export const PRODUCT_IMAGE_SIZE = 600;
export const PRODUCT_THUMB_SIZE = 150;

export const productImageUrl = (slug: string, n: number) => `/images/products/${slug}-${n}.webp`;
export const productThumbUrl = (slug: string, n: number) => `/images/products/${slug}-${n}-sm.webp`;
export const brandImageUrl = (code: string) => `/images/brands/${code.toLowerCase()}.svg`;
export const categoryImageUrl = (slug: string) => `/images/categories/${slug}.webp`;
export const slideImageUrl = (n: number) => `/images/slides/slide-${n}.webp`;
export const LOGO_URL = "/images/brand/logo.svg";
export const FAVICON_URL = "/images/brand/favicon.svg";

/** A slide's product drawn as its family is: its style, and a liquid's own label colour. */
function slideItem(item: DemoStoreDef["slides"][number]["items"][number]) {
  if (!item.family) return item;
  const family = FAMILIES.find((f) => f.key === item.family);
  const style = FAMILY_STYLES.get(item.family);
  if (!family || !style) throw new Error(`unknown family ${item.family} on a slide`);
  const accent = family.type === "liquid" || family.type === "salt" ? family.accent : undefined;
  return { ...item, style, accent };
}

export async function writeStoreImages(
  store: DemoStoreDef,
  products: SeedProduct[],
  out: ImageWriter,
): Promise<void> {
  const { primary, primaryDark, accent } = store.colours;
  const jobs: Promise<void>[] = [
    out.svg(LOGO_URL, logoSvg(store.name, primary, primaryDark, accent)),
    out.svg(FAVICON_URL, faviconSvg(primary, accent)),
  ];
  for (const p of products) {
    for (const view of [1, 2] as const) {
      const svg = productSvg(p.image.kind, p.image.colour, p.image.accent, view, p.image.style);
      jobs.push(out.webp(productImageUrl(p.slug, view), svg));
      jobs.push(out.webp(productThumbUrl(p.slug, view), svg, PRODUCT_THUMB_SIZE, PRODUCT_IMAGE_SIZE));
    }
  }
  for (const b of BRANDS) jobs.push(out.svg(brandImageUrl(b.code), brandSvg(b.name, b.emblem, b.colour)));
  for (const c of [...MASTER_CATEGORIES, ...SUB_CATEGORIES]) {
    jobs.push(out.webp(categoryImageUrl(c.slug), categorySvg(c.kind, c.colour)));
  }
  store.slides.forEach((s, i) => {
    jobs.push(out.webp(slideImageUrl(i + 1), slideSvg(primary, primaryDark, accent, s.items.map(slideItem))));
  });
  jobs.push(out.webp(PAGE_IMAGES["top image about"], bannerSvg("about", primary, primaryDark, accent)));
  jobs.push(out.webp(PAGE_IMAGES["top image contact"], bannerSvg("contact", primary, primaryDark, accent)));
  jobs.push(
    out.webp(
      PAGE_IMAGES["home page categories image"],
      bannerSvg("categories", primary, primaryDark, accent),
    ),
  );
  blogPostsFor(store.id).forEach((post, i) => {
    const items = post.families.flatMap((f) => familyProduct(products, f)?.image ?? []);
    jobs.push(out.webp(blogCoverUrl(post.slug), blogCoverSvg(primary, primaryDark, accent, items, i)));
  });
  // allSettled first so no job is left running (or rejecting unobserved) when one fails.
  const results = await Promise.allSettled(jobs);
  const failed = results.find((r) => r.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
}
