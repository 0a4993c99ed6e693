// The home page's data: slides, category tiles, the new and hot-deal carousels (with the deal
// tabs), brands, reviews and the pop-up ad product, all priced for the signed-in customer.
// A hot deal is a real discount; the two carousels never show the same product.
import { customerVatText } from "../../../core/pricing";
import type { Product } from "../../../core/product-rules";
import {
  listBrands,
  listMasterCategories,
  listPopularCategories,
  listProducts,
  listSlides,
  popupAdProduct,
} from "../../../services/catalog";
import { listReviews, reviewsUrl } from "../../../services/reviews";
import type { RequestEnv } from "../../context";
import { envCustomer } from "../layout/root-data.server";
import { ALL_DEALS } from "./deals";

export const CAROUSEL_SIZE = 10;

/**
 * Hot deals and new products are fetched with room to spare: the products the other carousel
 * already shows are dropped, and the carousel should still be full.
 */
const FETCH_SIZE = CAROUSEL_SIZE * 2;

/** A card and the related variants it stands for: one group is one product to the shopper. */
const groupIds = (p: Product) => [p.id, ...p.varRel.map((v) => v.id)];

/** A deal the shopper can see: the card shows an old price crossed out (for this customer's prices). */
const isDiscounted = (p: Product) => p.salePriceCents !== null && p.salePriceCents < p.priceCents;

export async function loadHome(env: RequestEnv) {
  const { store } = env;
  const s = store.settings;
  const customer = envCustomer(env);
  const placeId = store.config.googlePlaceId;
  const hotDeals = async (category?: number) =>
    (
      await listProducts(
        store,
        {
          hot: true,
          onSale: true,
          promotableOnly: s.advertising.hotDeals,
          perPage: FETCH_SIZE,
          category: category ? String(category) : undefined,
        },
        customer,
      )
    ).products.filter(isDiscounted);
  const [slides, tiles, fresh, allDeals, categoryDeals, brands, reviews, ad] = await Promise.all([
    listSlides(store),
    s.show_master_categories_home_page
      ? listMasterCategories(store).then((list) =>
          list.map((c) => ({
            id: c.id,
            name: c.name,
            image: c.image,
            href: `${s.categoriesLink}?${new URLSearchParams({ category: String(c.id), title: c.name })}`,
          })),
        )
      : listPopularCategories(store).then((list) =>
          list.map((c) => ({
            id: c.id,
            name: c.name,
            image: c.image,
            href: `/shop/sidebar/3cols?subcategory=${c.id}`,
          })),
        ),
    listProducts(store, { new: true, perPage: FETCH_SIZE }, customer),
    hotDeals(),
    // The deal tabs are the store's own top-level categories that have deals (the spec's
    // electronics/furniture/clothing were the old template's, not a vape shop's).
    listMasterCategories(store).then((masters) =>
      Promise.all(
        masters.map(async (m) => ({ tab: String(m.id), label: m.name, products: await hotDeals(m.id) })),
      ),
    ),
    listBrands(store, { homeOnly: true }),
    placeId ? listReviews(store) : Promise.resolve([]),
    popupAdProduct(store, customer),
  ]);
  // A product under the "All" tab and its category's tab is one object: the page's data (the
  // turbo-stream) then carries it once and points to it from both tabs. Both reads price it for
  // the same customer from the same listing.
  const once = new Map<number, Product>();
  const shared = (products: Product[]) =>
    products.slice(0, CAROUSEL_SIZE).map((p) => {
      const first = once.get(p.id);
      if (first) return first;
      once.set(p.id, p);
      return p;
    });
  const deals = [
    { tab: ALL_DEALS, label: "All", products: shared(allDeals) },
    ...categoryDeals
      .filter((d) => d.products.length > 0)
      .map((d) => ({ ...d, products: shared(d.products) })),
  ];
  // A product the Hot Deals carousel shows (under any tab) is not also a 'new product'.
  const inDeals = new Set(deals.flatMap((d) => d.products.flatMap(groupIds)));
  const newProducts = fresh.products
    .filter((p) => !groupIds(p).some((id) => inDeals.has(id)))
    .slice(0, CAROUSEL_SIZE);
  return {
    storeName: store.config.name,
    // A store just added (`npm run store -- add`) has nothing to show yet.
    empty:
      slides.length === 0 &&
      tiles.length === 0 &&
      fresh.products.length === 0 &&
      allDeals.length === 0 &&
      brands.length === 0,
    // Prices in the slides are the shop's own advertising (core/advertising.ts).
    slides: s.advertising.heroPrices
      ? slides.map((x) => ({ ...x, price: null, priceDecimal: null }))
      : slides,
    fullscreen: s.fullscreenslider,
    tiles,
    tilesAreMasters: s.show_master_categories_home_page,
    showCategoryPictures: s.showcatpictures,
    categoriesBackground: s.home_cats_background_img || null,
    newProducts,
    deals,
    brands: brands.map((b) => ({ id: b.id, name: b.name, image: b.image })),
    showBrandPictures: s.showbrandpictures,
    reviews: placeId ? { items: reviews, moreUrl: reviewsUrl(placeId) } : null,
    ad: ad ? { id: ad.id, name: ad.name, picture: ad.pictures[0] ?? null } : null,
    vatText: customerVatText(customer),
    showStock: s.showStock,
  };
}

export type HomeData = Awaited<ReturnType<typeof loadHome>>;
