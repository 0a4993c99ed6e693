// Catalogue structure: master, popular and menu categories, brands, hero slides and reviews.
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/catalog";
import {
  listBrands,
  listCategoryMenu,
  listMasterCategories,
  listPopularCategories,
  listSlides,
} from "../../services/catalog";
import { listReviews } from "../../services/reviews";
import type { ApiRouter } from "./router";

const categoriesRoute = createRoute(contract.categories);
const brandsRoute = createRoute(contract.brands);
const slidesRoute = createRoute(contract.slides);
const reviewsRoute = createRoute(contract.reviews);

export function registerCatalogRoutes(api: ApiRouter) {
  api.openapi(categoriesRoute, async (c) => {
    const { kind } = c.req.valid("param");
    const store = c.get("store");
    const categories =
      kind === "master"
        ? await listMasterCategories(store)
        : kind === "popular"
          ? await listPopularCategories(store)
          : await listCategoryMenu(store);
    return c.json({ categories }, 200);
  });

  api.openapi(brandsRoute, async (c) => {
    const { home } = c.req.valid("query");
    return c.json({ brands: await listBrands(c.get("store"), { homeOnly: home === true }) }, 200);
  });

  api.openapi(slidesRoute, async (c) => c.json({ slides: await listSlides(c.get("store")) }, 200));

  api.openapi(reviewsRoute, async (c) => {
    const store = c.get("store");
    const reviews = store.config.googlePlaceId ? await listReviews(store) : [];
    return c.json({ reviews }, 200);
  });
}
