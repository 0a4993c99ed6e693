// Method and path (under /admin/api) of every back-office endpoint, without schemas: the admin
// client imports this table and takes each endpoint's types from the contract with `import type`.
import { auditRoutes } from "./audit.routes";
import { authRoutes } from "./auth.routes";
import { blogRoutes } from "./blog.routes";
import { carriersRoutes } from "./carriers.routes";
import { catalogRoutes } from "./catalog.routes";
import { contentRoutes } from "./content.routes";
import { customersRoutes } from "./customers.routes";
import { dashboardRoutes } from "./dashboard.routes";
import { inboxRoutes } from "./inbox.routes";
import { ordersRoutes } from "./orders.routes";
import { reportsRoutes } from "./reports.routes";
import { reviewsRoutes } from "./reviews.routes";
import { settingsRoutes } from "./settings.routes";
import { staffRoutes } from "./staff.routes";
import { taxonomyRoutes } from "./taxonomy.routes";

export const adminRoutes = {
  auth: authRoutes,
  dashboard: dashboardRoutes,
  orders: ordersRoutes,
  reports: reportsRoutes,
  catalog: catalogRoutes,
  taxonomy: taxonomyRoutes,
  content: contentRoutes,
  carriers: carriersRoutes,
  reviews: reviewsRoutes,
  blog: blogRoutes,
  customers: customersRoutes,
  inbox: inboxRoutes,
  settings: settingsRoutes,
  staff: staffRoutes,
  audit: auditRoutes,
};
