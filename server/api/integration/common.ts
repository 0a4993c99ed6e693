// What the integration API's route modules share: who their writes are recorded for in the audit
// log, and how a service's refusal with field paths is answered.
import type { Context } from "hono";
import { failureStatus } from "../../../core/failures";
import { type AuditActor, ERP_ACTOR_EMAIL } from "../../../services/admin/audit";
import { isServiceError } from "../../../services/failure";
import { clientIp } from "../../http/client";
import type { AppEnv } from "../../http/env";
import { failureResponse } from "../failure";

/** The ERP, from the address it called from. */
export function erpActor(c: Context<AppEnv>): AuditActor {
  return { id: null, email: ERP_ACTOR_EMAIL, ip: clientIp(c) };
}

/**
 * Answers a ServiceError of the ERP's writes. Bad input found by a service (a field required on
 * create, an unknown code it refers to) carries `issues` with field paths, answered at the top
 * level as the schema's own validation answer is; anything else goes to failureResponse.
 */
export function integrationFailure(c: Context<AppEnv>, err: unknown): never {
  if (isServiceError(err)) {
    const issues = (err.details as { issues?: unknown } | undefined)?.issues;
    if (Array.isArray(issues)) {
      const error = err.code === "invalid" ? "invalid_request" : err.code;
      return c.json(
        { error, message: err.message, details: err.details, issues },
        failureStatus(err.code),
      ) as never;
    }
  }
  return failureResponse(c, err);
}
