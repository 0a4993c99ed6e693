// The integration API's category groups, categories, brands, price lists and their prices:
// create or update by the ERP's code (services/integration/taxonomy.ts).
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import * as contract from "../../../core/api/integration/taxonomy";
import { failureStatus } from "../../../core/failures";
import { isServiceError } from "../../../services/failure";
import {
  erpActor,
  putBrand,
  putCategory,
  putCategoryGroup,
  putPriceList,
  putPriceListPrices,
} from "../../../services/integration/taxonomy";
import { clientIp } from "../../http/client";
import type { AppEnv } from "../../http/env";
import { failureResponse } from "../failure";
import type { ApiRouter } from "../router";

/**
 * Answers a ServiceError of the ERP's writes. Bad input found by a service (a field required on
 * create, an unknown code it refers to) carries `issues` with field paths, answered at the top
 * level as the schema's own validation answer is; anything else goes to failureResponse.
 */
export function integrationFailure(c: Context<AppEnv>, err: unknown): never {
  if (isServiceError(err)) {
    const issues = (err.details as { issues?: unknown } | undefined)?.issues;
    if (Array.isArray(issues)) {
      const error = err.code === "invalid" ? "invalid_request" : err.code;
      return c.json(
        { error, message: err.message, details: err.details, issues },
        failureStatus(err.code),
      ) as never;
    }
  }
  return failureResponse(c, err);
}

export function registerTaxonomyIntegration(api: ApiRouter) {
  api.openapi(createRoute(contract.putCategoryGroup), async (c) => {
    try {
      const group = await putCategoryGroup(
        c.get("store"),
        erpActor(clientIp(c)),
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
        erpActor(clientIp(c)),
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
        erpActor(clientIp(c)),
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
        erpActor(clientIp(c)),
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
        erpActor(clientIp(c)),
        c.req.valid("param").code,
        c.req.valid("json"),
      );
      return c.json(prices, 200);
    } catch (err) {
      return integrationFailure(c, err);
    }
  });
}
