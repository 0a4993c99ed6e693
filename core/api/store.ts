// The current store's public configuration.
import { z } from "zod";
import { errorResponse } from "./common";
import { endpoint, json } from "./endpoint";
import { routes } from "./routes";

const CountrySchema = z.object({ code: z.string(), name: z.string() });

export const StoreSchema = z
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
  .meta({ id: "Store" });

export const info = endpoint(routes.store.info, {
  tags: ["store"],
  summary: "The current store's public configuration (from the Host header)",
  responses: {
    200: json(StoreSchema, "The store"),
    404: errorResponse("No store serves this host"),
  },
});
