// The back office's audit routes.
import type { AdminRouter } from "./register";

export function registerAdminAuditRoutes(_api: AdminRouter) {}
