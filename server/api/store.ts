import { createRoute, z } from "@hono/zod-openapi";
import { publicStoreConfig } from "../../services/store-info";
import type { ApiRouter } from "./router";
import { errorResponse } from "./schemas";

const CountrySchema = z.object({ code: z.string(), name: z.string() });
const StoreSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    domains: z.array(z.string()),
    countries: z.array(CountrySchema),
    workingHours: z.array(z.object({ day: z.number().int(), open: z.string(), close: z.string() })),
    seo: z.object({ title: z.string(), description: z.string() }).passthrough(),
    theme: z.object({
      primary: z.string(),
      primaryDark: z.string(),
      accent: z.string(),
      logo: z.string(),
      favicon: z.string(),
    }),
    reviewsEnabled: z.boolean(),
    analytics: z.object({ ga4Id: z.string().nullable() }),
    settings: z.record(z.string(), z.unknown()),
  })
  .openapi("Store");

const getStore = createRoute({
  method: "get",
  path: "/store",
  tags: ["store"],
  summary: "The current store's public configuration (from the Host header)",
  responses: {
    200: { content: { "application/json": { schema: StoreSchema } }, description: "The store" },
    404: errorResponse("No store serves this host"),
  },
});

export function registerStoreRoutes(api: ApiRouter) {
  api.openapi(getStore, (c) => c.json(publicStoreConfig(c.get("store")), 200));
}
