// An admin endpoint is an API endpoint (../endpoint.ts) that names the permission it needs
// (core/admin/permissions.ts). The server refuses any other role before the input is read
// (server/admin/register.ts), and the authorization matrix test walks every endpoint from here.
import type { Permission } from "../../admin/permissions";
import type { EndpointDefinition } from "../endpoint";
import type { ApiRoute } from "../routes";

export interface AdminEndpointDefinition extends EndpointDefinition {
  /** What the caller's role must hold; "public" endpoints are the sign-in ones. */
  permission: Permission | "public";
}

export function adminEndpoint<R extends ApiRoute, D extends AdminEndpointDefinition>(
  route: R,
  definition: D,
): R & D {
  return { ...route, ...definition };
}

/** The base path of the back office's API: under /admin, where the staff cookie is sent. */
export const ADMIN_API_BASE = "/admin/api";
