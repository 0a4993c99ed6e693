// The home page's data: slides, category tiles, the new and hot-deal carousels (with the deal
// tabs), brands, reviews and the pop-up ad product, all priced for the signed-in customer.
import { customerVatText } from "../../../core/pricing";
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

export const CAROUSEL_SIZE = 10;

/** The deal carousel's tabs (spec section 2); a tab shows when a category of that name has deals. */
export const DEAL_TABS = ["all", "electronics", "furniture", "clothing", "accessories"] as const;

export async function loadHome(env: RequestEnv) {
  const { store } = env;
  const s = store.settings;
  const customer = envCustomer(env);
  const placeId = store.config.googlePlaceId;
  const [slides, tiles, fresh, deals, brands, reviews, ad] = await Promise.all([
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
    listProducts(store, { new: true, perPage: CAROUSEL_SIZE }, customer),
    Promise.all(
      DEAL_TABS.map(async (tab) => ({
        tab,
        products: (
          await listProducts(
            store,
            { hot: true, perPage: CAROUSEL_SIZE, category: tab === "all" ? undefined : tab },
            customer,
          )
        ).products,
      })),
    ),
    listBrands(store, { homeOnly: true }),
    placeId ? listReviews(store) : Promise.resolve([]),
    popupAdProduct(store, customer),
  ]);
  return {
    storeName: store.config.name,
    // A store just added (`npm run store -- add`) has nothing to show yet.
    empty:
      slides.length === 0 &&
      tiles.length === 0 &&
      fresh.products.length === 0 &&
      deals.every((d) => d.products.length === 0) &&
      brands.length === 0,
    slides,
    fullscreen: s.fullscreenslider,
    tiles,
    tilesAreMasters: s.show_master_categories_home_page,
    showCategoryPictures: s.showcatpictures,
    categoriesBackground: s.home_cats_background_img || null,
    newProducts: fresh.products,
    deals: deals.filter((d) => d.tab === "all" || d.products.length > 0),
    brands: brands.map((b) => ({ id: b.id, name: b.name, image: b.image })),
    showBrandPictures: s.showbrandpictures,
    reviews: placeId ? { items: reviews, moreUrl: reviewsUrl(placeId) } : null,
    ad: ad ? { id: ad.id, name: ad.name, picture: ad.pictures[0] ?? null } : null,
    vatText: customerVatText(customer),
    showStock: s.showStock,
  };
}

export type HomeData = Awaited<ReturnType<typeof loadHome>>;
