// The ERP/POS integration API (ARCHITECTURE section 6): every route under /integration needs the
// store's API key in `x-api-key`, whose sha256 must equal the store's `apiKeyHash`; a key of
// another store is as wrong as no key. Wrong keys are counted per client address (RULES.wrongApiKeyPerIp);
// past the limit the address is answered 429, its right key included, so keys cannot be guessed.
// One module per area registers its routes here.
import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { hitAll, type LimitHit, peekLimit, RULES } from "../../../services/auth/limits";
import { clientIp } from "../../http/client";
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

function tooManyWrongKeys(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong API keys from this address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

function requireApiKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { store } = c.var;
    const wrongKeys: LimitHit = { key: `api-key:wrong:ip:${clientIp(c)}`, rule: RULES.wrongApiKeyPerIp };
    if (!apiKeyMatches(c.req.header(API_KEY_HEADER), store.secrets.apiKeyHash)) {
      const limit = await hitAll(store.db, [wrongKeys]);
      if (!limit.allowed) {
        const { retryAfterSeconds } = limit;
        return fail(c, "rate_limited", tooManyWrongKeys(retryAfterSeconds), { retryAfterSeconds });
      }
      c.header("WWW-Authenticate", 'ApiKey header="x-api-key"');
      return fail(c, "unauthorized", "A valid x-api-key header is required");
    }
    // Only a right key pays for this read; a right key alone counts nothing.
    const standing = await peekLimit(store.db, wrongKeys);
    if (!standing.allowed) {
      const { retryAfterSeconds } = standing;
      return fail(c, "rate_limited", tooManyWrongKeys(retryAfterSeconds), { retryAfterSeconds });
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
