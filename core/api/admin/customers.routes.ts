// Method and path (under /admin/api) of the back office's customers endpoints.
export const customersRoutes = {
  list: { method: "get", path: "/customers" },
  /** A file download: the browser follows a link to it (text/csv, not JSON). */
  csv: { method: "get", path: "/customers.csv" },
  guests: { method: "get", path: "/guest-buyers" },
  detail: { method: "get", path: "/customers/{id}" },
  update: { method: "put", path: "/customers/{id}" },
  adjustPoints: { method: "post", path: "/customers/{id}/points" },
  setStatus: { method: "put", path: "/customers/{id}/status" },
  sendPasswordReset: { method: "post", path: "/customers/{id}/password-reset" },
} as const;
