// The back office's couriers routes (services/admin/shipments.ts, docs/decisions/0055).
import * as contract from "../../core/api/admin/carriers";
import * as shipments from "../../services/admin/shipments";
import { type AdminRouter, actorOf, guarded } from "./register";

const ok = { ok: true as const };

export function registerAdminCarriersRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) =>
    c.json(await shipments.listCarriers(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.reorder), async (c) => {
    await shipments.reorderCarriers(c.var.store, actorOf(c), c.req.valid("json").ids);
    return c.json(ok, 200);
  });
  api.openapi(guarded(api, contract.get), async (c) =>
    c.json(await shipments.getCarrier(c.var.store, c.req.valid("param").id), 200),
  );
  api.openapi(guarded(api, contract.create), async (c) =>
    c.json(await shipments.createCarrier(c.var.store, actorOf(c), c.req.valid("json")), 201),
  );
  api.openapi(guarded(api, contract.update), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await shipments.updateCarrier(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });
  api.openapi(guarded(api, contract.remove), async (c) => {
    const { id } = c.req.valid("param");
    await shipments.deleteCarrier(c.var.store, actorOf(c), id, c.req.valid("query").version);
    return c.json(ok, 200);
  });
}
