// Method and path (under /admin/api) of the back office's couriers endpoints (docs/decisions/0055).
export const carriersRoutes = {
  list: { method: "get", path: "/carriers" },
  get: { method: "get", path: "/carriers/{id}" },
  create: { method: "post", path: "/carriers" },
  update: { method: "put", path: "/carriers/{id}" },
  remove: { method: "delete", path: "/carriers/{id}" },
  reorder: { method: "post", path: "/carriers/reorder" },
} as const;
