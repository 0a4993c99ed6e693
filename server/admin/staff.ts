// The back office's staff routes.
import type { AdminRouter } from "./register";

export function registerAdminStaffRoutes(_api: AdminRouter) {}
