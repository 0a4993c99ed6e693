// The integration API's category groups, categories, brands, price lists and their prices:
// create or update by the ERP's code (services/integration/taxonomy.ts).
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../../core/api/integration/taxonomy";
import {
  putBrand,
  putCategory,
  putCategoryGroup,
  putPriceList,
  putPriceListPrices,
} from "../../../services/integration/taxonomy";
import type { ApiRouter } from "../router";
import { erpActor, integrationFailure } from "./common";

export function registerTaxonomyIntegration(api: ApiRouter) {
  api.openapi(createRoute(contract.putCategoryGroup), async (c) => {
    try {
      const group = await putCategoryGroup(
        c.get("store"),
        erpActor(c),
        c.req.valid("param").code,
        c.req.valid("json"),
      );
      return c.json(group, 200);
    } catch (err) {
      return integrationFailure(c, err);
    }
  });

  api.openapi(createRoute(contract.putCategory), async (c) => {
    try {
      const category = await putCategory(
        c.get("store"),
        erpActor(c),
        c.req.valid("param").code,
        c.req.valid("json"),
      );
      return c.json(category, 200);
    } catch (err) {
      return integrationFailure(c, err);
    }
  });

  api.openapi(createRoute(contract.putBrand), async (c) => {
    try {
      const brand = await putBrand(
        c.get("store"),
        erpActor(c),
        c.req.valid("param").code,
        c.req.valid("json"),
      );
      return c.json(brand, 200);
    } catch (err) {
      return integrationFailure(c, err);
    }
  });

  api.openapi(createRoute(contract.putPriceList), async (c) => {
    try {
      const list = await putPriceList(
        c.get("store"),
        erpActor(c),
        c.req.valid("param").code,
        c.req.valid("json"),
      );
      return c.json(list, 200);
    } catch (err) {
      return integrationFailure(c, err);
    }
  });

  api.openapi(createRoute(contract.putPriceListPrices), async (c) => {
    try {
      const prices = await putPriceListPrices(
        c.get("store"),
        erpActor(c),
        c.req.valid("param").code,
        c.req.valid("json"),
      );
      return c.json(prices, 200);
    } catch (err) {
      return integrationFailure(c, err);
    }
  });
}
