// The back office's orders routes.
import type { AdminRouter } from "./register";

export function registerAdminOrdersRoutes(_api: AdminRouter) {}
