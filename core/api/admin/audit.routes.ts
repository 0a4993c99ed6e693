// Method and path (under /admin/api) of the back office's audit endpoints.
export const auditRoutes = {
  list: { method: "get", path: "/audit" },
  filters: { method: "get", path: "/audit/filters" },
} as const;
