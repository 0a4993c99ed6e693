// Sign-in, sign-out, the session and one's own account (password, two-factor).

import type { Context } from "hono";
import { can, PERMISSIONS, type Permission } from "../../core/admin/permissions";
import * as contract from "../../core/api/admin/auth";
import type { StaffActor } from "../../services/admin/audit";
import {
  authenticateStaff,
  beginTotpSetup,
  changeStaffPassword,
  disableTotp,
  enableTotp,
  staffProfile,
} from "../../services/admin/staff-auth";
import { RESET_SENT, requestStaffPasswordReset, resetStaffPassword } from "../../services/admin/staff-reset";
import { clientIp } from "../http/client";
import type { AdminEnv } from "./env";
import { type AdminRouter, actorOf, guarded } from "./register";
import { endStaffSession, knownBrowserOf, markKnownBrowser, startStaffSession } from "./session";

function staffView(staff: StaffActor | null) {
  if (!staff) return null;
  const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(staff.role, p));
  return { id: staff.id, email: staff.email, name: staff.name, role: staff.role, permissions };
}

function sessionView(c: Context<AdminEnv>) {
  const { config } = c.var.store;
  return {
    staff: staffView(c.var.staff),
    csrfToken: c.var.staffCsrf,
    store: { id: config.id, name: config.name, url: config.url, languages: config.languages },
  };
}

export function registerAdminAuthRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.session), (c) => c.json(sessionView(c), 200));

  api.openapi(guarded(api, contract.signIn), async (c) => {
    const ip = clientIp(c);
    const client = { ip, knownBrowser: knownBrowserOf(c) };
    const staff = await authenticateStaff(c.var.store, c.req.valid("json"), client);
    await startStaffSession(c, { ...staff, ip });
    await markKnownBrowser(c, staff.id);
    return c.json(sessionView(c), 200);
  });

  api.openapi(guarded(api, contract.signOut), async (c) => {
    await endStaffSession(c);
    return c.json(sessionView(c), 200);
  });

  api.openapi(guarded(api, contract.me), async (c) =>
    c.json(await staffProfile(c.var.store, actorOf(c)), 200),
  );

  api.openapi(guarded(api, contract.password), async (c) => {
    await changeStaffPassword(c.var.store, actorOf(c), c.req.valid("json"), c.var.staffToken);
    return c.json({ ok: true as const }, 200);
  });

  api.openapi(guarded(api, contract.totpBegin), async (c) => {
    return c.json(await beginTotpSetup(c.var.store, actorOf(c)), 200);
  });

  api.openapi(guarded(api, contract.totpEnable), async (c) => {
    await enableTotp(c.var.store, actorOf(c), c.req.valid("json").code);
    return c.json({ ok: true as const }, 200);
  });

  api.openapi(guarded(api, contract.totpDisable), async (c) => {
    await disableTotp(c.var.store, actorOf(c), c.req.valid("json").password);
    return c.json({ ok: true as const }, 200);
  });

  api.openapi(guarded(api, contract.forgot), async (c) => {
    await requestStaffPasswordReset(c.var.store, c.req.valid("json").email, { ip: clientIp(c) });
    return c.json({ ok: true as const, message: RESET_SENT }, 200);
  });

  api.openapi(guarded(api, contract.reset), async (c) => {
    const { email } = await resetStaffPassword(c.var.store, c.req.valid("json"), { ip: clientIp(c) });
    return c.json({ ok: true as const, email }, 200);
  });
}
