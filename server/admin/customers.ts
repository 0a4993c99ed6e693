// The back office's customers routes.
import type { AdminRouter } from "./register";

export function registerAdminCustomersRoutes(_api: AdminRouter) {}
