// The back office's orders routes: list, CSV export, detail, packing slip, complete, cancel, resend,
// notes, and shipping and delivery (docs/decisions/0055).
import * as contract from "../../core/api/admin/orders";
import {
  addOrderNote,
  cancelAdminOrder,
  completeAdminOrder,
  getAdminOrder,
  listAdminOrders,
  ordersCsv,
  packingSlip,
  resendOrderConfirmation,
} from "../../services/admin/orders";
import { deliverAdminOrder, shipAdminOrder } from "../../services/admin/shipments";
import { csvDownload } from "./csv-download";
import { type AdminRouter, actorOf, guarded } from "./register";

export function registerAdminOrdersRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) => {
    return c.json(await listAdminOrders(c.var.store, c.req.valid("query")), 200);
  });

  api.openapi(guarded(api, contract.csv), async (c) => {
    return csvDownload(c, ordersCsv(c.var.store, actorOf(c), c.req.valid("query")), "orders");
  });

  api.openapi(guarded(api, contract.detail), async (c) => {
    return c.json(await getAdminOrder(c.var.store, c.req.valid("param").code), 200);
  });

  api.openapi(guarded(api, contract.slip), async (c) => {
    const { shipment } = c.req.valid("query");
    return c.json(await packingSlip(c.var.store, c.req.valid("param").code, shipment), 200);
  });

  api.openapi(guarded(api, contract.complete), async (c) => {
    const actor = actorOf(c);
    return c.json(await completeAdminOrder(c.var.store, actor, c.req.valid("param").code), 200);
  });

  api.openapi(guarded(api, contract.cancel), async (c) => {
    const actor = actorOf(c);
    return c.json(await cancelAdminOrder(c.var.store, actor, c.req.valid("param").code), 200);
  });

  api.openapi(guarded(api, contract.resend), async (c) => {
    const actor = actorOf(c);
    return c.json(await resendOrderConfirmation(c.var.store, actor, c.req.valid("param").code), 200);
  });

  api.openapi(guarded(api, contract.ship), async (c) => {
    const actor = actorOf(c);
    const { code } = c.req.valid("param");
    const { record: _record, ...out } = await shipAdminOrder(c.var.store, actor, code, c.req.valid("json"));
    return c.json(out, 200);
  });

  api.openapi(guarded(api, contract.deliver), async (c) => {
    const actor = actorOf(c);
    const { code } = c.req.valid("param");
    return c.json(await deliverAdminOrder(c.var.store, actor, code, c.req.valid("json").version), 200);
  });

  api.openapi(guarded(api, contract.note), async (c) => {
    const actor = actorOf(c);
    const { code } = c.req.valid("param");
    return c.json(await addOrderNote(c.var.store, actor, code, c.req.valid("json").body), 200);
  });
}
