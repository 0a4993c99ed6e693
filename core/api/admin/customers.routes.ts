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
  /** A file download (application/json): the customer's personal data (docs/decisions/0051). */
  personalData: { method: "get", path: "/customers/{id}/personal-data.json" },
  erase: { method: "post", path: "/customers/{id}/erase" },
  /** A file download (application/json): a guest buyer's personal data, by email. */
  guestPersonalData: { method: "get", path: "/guest-buyers/personal-data.json" },
  guestErase: { method: "post", path: "/guest-buyers/erase" },
} as const;
