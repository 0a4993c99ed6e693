// The back office's customers routes.
import type { Context } from "hono";
import * as contract from "../../core/api/admin/customers";
import { exportFileName } from "../../core/privacy";
import {
  adjustCustomerPoints,
  customersCsv,
  getCustomer,
  listCustomers,
  listGuestBuyers,
  sendCustomerPasswordReset,
  setCustomerActive,
  updateCustomer,
} from "../../services/admin/customers";
import { eraseCustomer, eraseGuest, exportForStaff, type PersonalDataExport } from "../../services/privacy";
import { publicOrigin } from "../http/client";
import type { AppEnv } from "../http/env";
import { csvDownload } from "./csv-download";
import type { AdminEnv } from "./env";
import { type AdminRouter, actorOf, guarded } from "./register";

/** The personal-data file's headers: a download, never cached (docs/decisions/0051). */
function downloadHeaders(c: Context<AdminEnv>, file: PersonalDataExport) {
  return {
    "content-disposition": `attachment; filename="${exportFileName(c.var.store.config.id, new Date(file.exportedAt))}"`,
    "cache-control": "no-store",
  };
}

export function registerAdminCustomersRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) => {
    return c.json(await listCustomers(c.var.store, c.req.valid("query")), 200);
  });

  api.openapi(guarded(api, contract.csv), async (c) => {
    return csvDownload(c, customersCsv(c.var.store, actorOf(c), c.req.valid("query")), "customers");
  });

  api.openapi(guarded(api, contract.guests), async (c) => {
    return c.json(await listGuestBuyers(c.var.store, c.req.valid("query")), 200);
  });

  api.openapi(guarded(api, contract.detail), async (c) => {
    return c.json(await getCustomer(c.var.store, c.req.valid("param").id), 200);
  });

  api.openapi(guarded(api, contract.update), async (c) => {
    const { id } = c.req.valid("param");
    await updateCustomer(c.var.store, actorOf(c), id, c.req.valid("json"));
    return c.json(await getCustomer(c.var.store, id), 200);
  });

  api.openapi(guarded(api, contract.adjustPoints), async (c) => {
    const { id } = c.req.valid("param");
    await adjustCustomerPoints(c.var.store, actorOf(c), id, c.req.valid("json"));
    return c.json(await getCustomer(c.var.store, id), 200);
  });

  api.openapi(guarded(api, contract.setStatus), async (c) => {
    const { id } = c.req.valid("param");
    await setCustomerActive(c.var.store, actorOf(c), id, c.req.valid("json"));
    return c.json(await getCustomer(c.var.store, id), 200);
  });

  api.openapi(guarded(api, contract.sendPasswordReset), async (c) => {
    const { id } = c.req.valid("param");
    // The link points at this store's own host, as the storefront's forgot-password mail does.
    const origin = publicOrigin(c as unknown as Context<AppEnv>);
    const sent = await sendCustomerPasswordReset(c.var.store, actorOf(c), id, origin);
    return c.json({ ok: true as const, email: sent.email }, 200);
  });

  api.openapi(guarded(api, contract.personalData), async (c) => {
    const { id } = c.req.valid("param");
    const file = await exportForStaff(c.var.store, actorOf(c), { customerId: id });
    return c.json(file, 200, downloadHeaders(c, file));
  });

  api.openapi(guarded(api, contract.erase), async (c) => {
    const done = await eraseCustomer(c.var.store, actorOf(c), c.req.valid("param").id);
    return c.json({ ok: true as const, ordersKept: done.orders }, 200);
  });

  api.openapi(guarded(api, contract.guestPersonalData), async (c) => {
    const { email } = c.req.valid("query");
    const file = await exportForStaff(c.var.store, actorOf(c), { guestEmail: email });
    return c.json(file, 200, downloadHeaders(c, file));
  });

  api.openapi(guarded(api, contract.guestErase), async (c) => {
    const done = await eraseGuest(c.var.store, actorOf(c), c.req.valid("json").email);
    return c.json({ ok: true as const, ordersKept: done.orders }, 200);
  });
}
