// Method and path (under /admin/api) of the back office's orders endpoints.
export const ordersRoutes = {
  list: { method: "get", path: "/orders" },
  /** A file download: the browser follows a link to it (text/csv, not JSON). */
  csv: { method: "get", path: "/orders.csv" },
  detail: { method: "get", path: "/orders/{code}" },
  slip: { method: "get", path: "/orders/{code}/slip" },
  complete: { method: "post", path: "/orders/{code}/complete" },
  cancel: { method: "post", path: "/orders/{code}/cancel" },
  resend: { method: "post", path: "/orders/{code}/resend-confirmation" },
  note: { method: "post", path: "/orders/{code}/notes" },
  ship: { method: "post", path: "/orders/{code}/shipments" },
  deliver: { method: "post", path: "/orders/{code}/delivered" },
} as const;
