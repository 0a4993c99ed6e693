// Method and path (under /admin/api) of the back office's dashboard endpoints.
export const dashboardRoutes = {
  summary: { method: "get", path: "/dashboard" },
} as const;
