// Method and path (under /admin/api) of the back office's sales report endpoints.
export const reportsRoutes = {
  sales: { method: "get", path: "/reports/sales" },
  /** A file download: the browser follows a link to it (text/csv, not JSON). */
  salesCsv: { method: "get", path: "/reports/sales.csv" },
} as const;
