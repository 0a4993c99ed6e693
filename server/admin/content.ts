// The back office's content routes.
import type { AdminRouter } from "./register";

export function registerAdminContentRoutes(_api: AdminRouter) {}
