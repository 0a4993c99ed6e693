// The back office's inbox routes.
import type { AdminRouter } from "./register";

export function registerAdminInboxRoutes(_api: AdminRouter) {}
