// The back office's API under /admin/api: the staff session, CSRF on every write, a permission
// guard per endpoint (register.ts), and after every successful write the store's per-process
// caches forgotten, so the storefront shows the change on this instance's next request.

import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { storeChanged } from "../../services/cache";
import { isSameOrigin } from "../http/csrf";
import { CSRF_HEADER } from "../http/session";
import { registerAdminAuditRoutes } from "./audit";
import { registerAdminAuthRoutes } from "./auth";
import { registerAdminBlogRoutes } from "./blog";
import { registerAdminCarriersRoutes } from "./carriers";
import { registerAdminCatalogRoutes } from "./catalog";
import { registerAdminContentRoutes } from "./content";
import { registerAdminCustomersRoutes } from "./customers";
import { registerAdminDashboardRoutes } from "./dashboard";
import type { AdminEnv } from "./env";
import { registerAdminInboxRoutes } from "./inbox";
import { registerAdminOrdersRoutes } from "./orders";
import { createAdminRouter } from "./register";
import { registerAdminReportsRoutes } from "./reports";
import { registerAdminReviewRoutes } from "./reviews";
import { staffSessionMiddleware } from "./session";
import { registerAdminSettingsRoutes } from "./settings";
import { registerAdminStaffRoutes } from "./staff";
import { registerAdminTaxonomyRoutes } from "./taxonomy";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Writes must come from this origin and carry the staff session's token (a header: JSON only). */
function adminCsrf(): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = isSameOrigin(c as never);
    if (!origin.ok) return c.json({ error: "csrf", message: `Request refused: ${origin.reason}.` }, 403);
    const token = c.req.header(CSRF_HEADER);
    if (!token)
      return c.json({ error: "csrf", message: "Request refused: the security token is missing." }, 403);
    if (!sameToken(token, c.var.staffCsrf))
      return c.json({ error: "csrf", message: "Request refused: the security token is not valid." }, 403);
    return next();
  };
}

/** POSTs that only read (a post's preview): the shop's pages stay as they are. */
const CHANGES_NOTHING = /\/blog\/preview$/;

function forgetCachesAfterWrites(): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    await next();
    if (!SAFE.has(c.req.method) && c.res.status < 300 && c.var.staff && !CHANGES_NOTHING.test(c.req.path))
      storeChanged(c.var.store.config.id);
  };
}

export function createAdminApi(secret: () => Promise<string>) {
  const api = createAdminRouter();
  api.use(staffSessionMiddleware(secret));
  api.use(adminCsrf());
  api.use(forgetCachesAfterWrites());
  registerAdminAuthRoutes(api);
  registerAdminDashboardRoutes(api);
  registerAdminOrdersRoutes(api);
  registerAdminReportsRoutes(api);
  registerAdminCatalogRoutes(api);
  registerAdminTaxonomyRoutes(api);
  registerAdminContentRoutes(api);
  registerAdminCarriersRoutes(api);
  registerAdminReviewRoutes(api);
  registerAdminBlogRoutes(api);
  registerAdminCustomersRoutes(api);
  registerAdminInboxRoutes(api);
  registerAdminSettingsRoutes(api);
  registerAdminStaffRoutes(api);
  registerAdminAuditRoutes(api);
  api.all("*", (c) => c.json({ error: "not_found", message: "No such API endpoint" }, 404));
  return api;
}
