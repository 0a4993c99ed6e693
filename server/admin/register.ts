// How a back-office route is registered: `api.openapi(guarded(api, contract.x), handler)`. The
// guard runs before the input is validated: no session answers 401, a role without the
// endpoint's permission 403, whatever the body holds.
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { can, ROLE_LABEL } from "../../core/admin/permissions";
import type { AdminEndpointDefinition } from "../../core/api/admin/endpoint";
import type { StaffActor } from "../../services/admin/audit";
import { isServiceError, ServiceError } from "../../services/failure";
import { fail, failureResponse } from "../api/failure";
import { answerUnexpectedError } from "../http/errors";
import type { AdminEnv } from "./env";

export function createAdminRouter() {
  const router = new OpenAPIHono<AdminEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
        const first = issues[0];
        const message = first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : "Invalid request";
        return c.json({ error: "invalid_request", message, issues }, 400);
      }
    },
  });
  // A service's expected failure answers with its code's status (decision 0025), so handlers need
  // no try/catch of their own; anything else is answered as the rest of the app answers it.
  router.onError((err, c) => (isServiceError(err) ? failureResponse(c, err) : answerUnexpectedError(err, c)));
  return router;
}

export type AdminRouter = ReturnType<typeof createAdminRouter>;

const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

function requirePermission(permission: AdminEndpointDefinition["permission"]): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (permission !== "public") {
      const staff = c.var.staff;
      if (!staff) return fail(c, "not_signed_in", "Sign in to the back office.");
      if (!can(staff.role, permission))
        return fail(c, "forbidden", `Your role (${ROLE_LABEL[staff.role]}) cannot do this.`);
    }
    await next();
  };
}

/** The route of a contract endpoint, with its permission guard registered in front of it. */
export function guarded<const E extends RouteConfig & Pick<AdminEndpointDefinition, "permission">>(
  api: AdminRouter,
  endpoint: E,
) {
  api.on(endpoint.method.toUpperCase(), honoPath(endpoint.path), requirePermission(endpoint.permission));
  return createRoute(endpoint);
}

/** The member of staff of a guarded, non-public route. */
export function actorOf(c: Context<AdminEnv>): StaffActor {
  const staff = c.var.staff;
  if (!staff) throw new Error("actorOf on a route without a signed-in guard");
  return staff;
}

/** An upload's multipart fields; a body that cannot be read is the client's mistake (400). */
export async function uploadFields(c: {
  req: { parseBody(): Promise<Record<string, unknown>> };
}): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody();
  } catch (cause) {
    throw new ServiceError("invalid", "The upload could not be read. Try again.", { cause });
  }
}
