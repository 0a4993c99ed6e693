// The back office's taxonomy routes.
import type { AdminRouter } from "./register";

export function registerAdminTaxonomyRoutes(_api: AdminRouter) {}
