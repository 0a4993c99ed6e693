// Who the integration API's writes are recorded for in the audit log: the ERP, from its address.
import type { Context } from "hono";
import type { AuditActor } from "../../../services/admin/audit";
import { clientIp } from "../../http/client";
import type { AppEnv } from "../../http/env";

export function erpActor(c: Context<AppEnv>): AuditActor {
  return { id: null, email: "erp-api", ip: clientIp(c) };
}
