// The back office's settings routes: the shop's settings with its registry fields, the
// write-only credentials and the ERP webhook. The registry lives in the control database, which
// the app hands to these routes with provideControlDb (server/app.ts) for each /admin/api request.
import type { Context, MiddlewareHandler } from "hono";
import * as contract from "../../core/api/admin/settings";
import {
  type ControlDb,
  clearApiKey,
  getCredentials,
  getSettings,
  getWebhook,
  rotateApiKey,
  rotateWebhookSecret,
  saveCredentials,
  saveSettings,
  saveWebhook,
} from "../../services/admin/settings";
import { getTrader, saveTrader } from "../../services/admin/trader";
import type { AdminEnv } from "./env";
import { type AdminRouter, actorOf, guarded } from "./register";

const controlOf = new WeakMap<Request, ControlDb>();

/** Makes the control database (the store registry) reachable from the settings routes. */
export function provideControlDb(db: ControlDb): MiddlewareHandler {
  return async (c, next) => {
    controlOf.set(c.req.raw, db);
    await next();
  };
}

/** The control database of this request (provideControlDb); the content routes read the SEO text from it. */
export function control(c: Context<AdminEnv>): ControlDb {
  const db = controlOf.get(c.req.raw);
  if (!db) throw new Error("the control database was not provided to /admin/api (provideControlDb)");
  return db;
}

export function registerAdminSettingsRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.get), async (c) => {
    return c.json(await getSettings(c.var.store, control(c)), 200);
  });

  api.openapi(guarded(api, contract.save), async (c) => {
    const body = c.req.valid("json");
    const view = await saveSettings(c.var.store, control(c), actorOf(c), {
      version: body.version,
      values: body.values,
      store: body.store,
    });
    return c.json(view, 200);
  });

  api.openapi(guarded(api, contract.credentials), async (c) => {
    return c.json(await getCredentials(c.var.store, control(c)), 200);
  });

  api.openapi(guarded(api, contract.saveCredentials), async (c) => {
    return c.json(await saveCredentials(c.var.store, control(c), actorOf(c), c.req.valid("json")), 200);
  });

  api.openapi(guarded(api, contract.rotateApiKey), async (c) => {
    return c.json(await rotateApiKey(c.var.store, control(c), actorOf(c)), 200);
  });

  api.openapi(guarded(api, contract.clearApiKey), async (c) => {
    return c.json(await clearApiKey(c.var.store, control(c), actorOf(c)), 200);
  });

  api.openapi(guarded(api, contract.webhook), async (c) => {
    return c.json(await getWebhook(c.var.store, control(c)), 200);
  });

  api.openapi(guarded(api, contract.saveWebhook), async (c) => {
    return c.json(await saveWebhook(c.var.store, control(c), actorOf(c), c.req.valid("json")), 200);
  });

  api.openapi(guarded(api, contract.rotateWebhookSecret), async (c) => {
    return c.json(await rotateWebhookSecret(c.var.store, control(c), actorOf(c)), 200);
  });

  api.openapi(guarded(api, contract.trader), async (c) => {
    return c.json(await getTrader(c.var.store), 200);
  });

  api.openapi(guarded(api, contract.saveTrader), async (c) => {
    return c.json(await saveTrader(c.var.store, actorOf(c), c.req.valid("json")), 200);
  });
}
