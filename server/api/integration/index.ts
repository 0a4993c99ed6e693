// The ERP/POS integration API (ARCHITECTURE section 6): every route under /integration needs the
// store's API key in `x-api-key`, whose sha256 must equal the store's `apiKeyHash`; a key of
// another store is as wrong as no key. One module per area registers its routes here.
import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/env";
import { fail } from "../failure";
import type { ApiRouter } from "../router";
import { registerChangesIntegration } from "./changes";
import { registerCustomerIntegration } from "./customers";
import { registerOrderIntegration } from "./orders";
import { registerProductIntegration } from "./products";
import { registerTaxonomyIntegration } from "./taxonomy";

const API_KEY_HEADER = "x-api-key";

function apiKeyMatches(presented: string | undefined, storedHash: string | null): boolean {
  if (!presented || !storedHash || presented.length > 512) return false;
  const digest = createHash("sha256").update(presented).digest();
  let stored: Buffer;
  try {
    stored = Buffer.from(storedHash.trim().toLowerCase(), "hex");
  } catch {
    return false;
  }
  return stored.length === digest.length && timingSafeEqual(stored, digest);
}

function requireApiKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!apiKeyMatches(c.req.header(API_KEY_HEADER), c.var.store.secrets.apiKeyHash)) {
      c.header("WWW-Authenticate", 'ApiKey header="x-api-key"');
      return fail(c, "unauthorized", "A valid x-api-key header is required");
    }
    await next();
  };
}

export function registerIntegrationRoutes(api: ApiRouter) {
  api.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: API_KEY_HEADER,
  });
  api.use("/integration/*", requireApiKey());
  registerOrderIntegration(api);
  registerProductIntegration(api);
  registerTaxonomyIntegration(api);
  registerCustomerIntegration(api);
  registerChangesIntegration(api);
}
