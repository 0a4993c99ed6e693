// The back office's settings routes.
import type { AdminRouter } from "./register";

export function registerAdminSettingsRoutes(_api: AdminRouter) {}
