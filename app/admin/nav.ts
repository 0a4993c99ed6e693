// The back office's sections, each with the permission that opens it: the side navigation shows
// a role only what it may open, and the end-to-end accessibility sweep visits every one.
import type { Permission } from "../../core/admin/permissions";

export interface NavItem {
  to: string;
  label: string;
  permission: Permission;
  end?: boolean;
}

export const ADMIN_NAV: { heading: string; items: NavItem[] }[] = [
  {
    heading: "Shop",
    items: [
      { to: "/admin", label: "Dashboard", permission: "self", end: true },
      { to: "/admin/orders", label: "Orders", permission: "orders.read" },
      { to: "/admin/customers", label: "Customers", permission: "customers.read" },
      { to: "/admin/reports", label: "Reports", permission: "reports.read" },
      { to: "/admin/inbox", label: "Inbox", permission: "inbox.read" },
    ],
  },
  {
    heading: "Catalogue",
    items: [
      { to: "/admin/products", label: "Products", permission: "catalog.read" },
      { to: "/admin/categories", label: "Categories", permission: "catalog.read" },
      { to: "/admin/brands", label: "Brands", permission: "catalog.read" },
      { to: "/admin/compliance", label: "Compliance", permission: "catalog.read" },
    ],
  },
  {
    heading: "Content",
    items: [
      { to: "/admin/content", label: "About & contact", permission: "content.read" },
      { to: "/admin/pages", label: "Terms, privacy, returns", permission: "content.read" },
      { to: "/admin/slides", label: "Hero slides", permission: "content.read" },
      { to: "/admin/seo", label: "SEO texts", permission: "content.read" },
      { to: "/admin/shipping", label: "Shipping methods", permission: "content.read" },
      { to: "/admin/carriers", label: "Couriers", permission: "content.read" },
      { to: "/admin/warehouses", label: "Warehouses", permission: "content.read" },
      { to: "/admin/product-reviews", label: "Product reviews", permission: "content.read" },
      { to: "/admin/reviews", label: "Shop reviews", permission: "content.read" },
      { to: "/admin/blog", label: "Blog", permission: "content.read" },
    ],
  },
  {
    heading: "Administration",
    items: [
      { to: "/admin/settings", label: "Settings", permission: "settings.read" },
      { to: "/admin/staff", label: "Staff", permission: "staff.manage" },
      { to: "/admin/audit", label: "Audit log", permission: "audit.read" },
    ],
  },
];
