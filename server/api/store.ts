import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/store";
import { publicStoreConfig } from "../../services/store-info";
import type { ApiRouter } from "./router";

const getStore = createRoute(contract.info);

export function registerStoreRoutes(api: ApiRouter) {
  api.openapi(getStore, (c) => c.json(publicStoreConfig(c.get("store")), 200));
}
