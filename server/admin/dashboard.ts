// The back office's dashboard routes.
import type { AdminRouter } from "./register";

export function registerAdminDashboardRoutes(_api: AdminRouter) {}
