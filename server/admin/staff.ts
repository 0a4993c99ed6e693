// The back office's staff routes: owners manage the staff; the invitation link's two public
// endpoints let an invited person choose a name and password.
import * as contract from "../../core/api/admin/staff";
import {
  acceptInvite,
  invitationInfo,
  inviteStaff,
  listStaff,
  resendInvite,
  setStaffDisabled,
  setStaffRole,
} from "../../services/admin/staff";
import { clientIp } from "../http/client";
import { type AdminRouter, actorOf, guarded } from "./register";

export function registerAdminStaffRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) => {
    return c.json(await listStaff(c.var.store, c.req.valid("query")), 200);
  });

  api.openapi(guarded(api, contract.invite), async (c) => {
    // The link goes to the invitee by mail only.
    return c.json((await inviteStaff(c.var.store, actorOf(c), c.req.valid("json"))).member, 200);
  });

  api.openapi(guarded(api, contract.resendInvite), async (c) => {
    return c.json((await resendInvite(c.var.store, actorOf(c), c.req.valid("param").id)).member, 200);
  });

  api.openapi(guarded(api, contract.setRole), async (c) => {
    const view = await setStaffRole(c.var.store, actorOf(c), c.req.valid("param").id, c.req.valid("json"));
    return c.json(view, 200);
  });

  api.openapi(guarded(api, contract.setDisabled), async (c) => {
    const view = await setStaffDisabled(
      c.var.store,
      actorOf(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(view, 200);
  });

  api.openapi(guarded(api, contract.invitation), async (c) => {
    return c.json(await invitationInfo(c.var.store, c.req.valid("query").token), 200);
  });

  api.openapi(guarded(api, contract.acceptInvite), async (c) => {
    return c.json(await acceptInvite(c.var.store, c.req.valid("json"), { ip: clientIp(c) }), 200);
  });
}
