// The back office's catalog routes.
import type { AdminRouter } from "./register";

export function registerAdminCatalogRoutes(_api: AdminRouter) {}
