// Method and path (under /admin/api) of the back office's catalog endpoints: products, their
// pictures and their stock. Picture uploads sit under /uploads, which has the larger body limit
// (server/http/request-limits.ts).
export const catalogRoutes = {
  list: { method: "get", path: "/products" },
  options: { method: "get", path: "/product-options" },
  /** Stored products that break a legal limit (docs/decisions/0058). */
  complianceBreaches: { method: "get", path: "/product-compliance" },
  one: { method: "get", path: "/products/{id}" },
  create: { method: "post", path: "/products" },
  update: { method: "put", path: "/products/{id}" },
  remove: { method: "delete", path: "/products/{id}" },
  restore: { method: "post", path: "/products/{id}/restore" },
  state: { method: "put", path: "/products/{id}/state" },
  duplicate: { method: "post", path: "/products/{id}/duplicate" },
  bulk: { method: "post", path: "/products/bulk" },
  /** A file download: the browser follows a link to it (text/csv, not JSON). */
  exportCsv: { method: "get", path: "/catalogue-export.csv" },
  stock: { method: "put", path: "/products/{id}/stock" },
  uploadImage: { method: "post", path: "/uploads/products/{id}/images" },
  orderImages: { method: "put", path: "/products/{id}/images/order" },
  removeImage: { method: "delete", path: "/products/{id}/images/{imageId}" },
  checkImport: { method: "post", path: "/uploads/catalogue-import/check" },
  runImport: { method: "post", path: "/uploads/catalogue-import" },
} as const;
