// Method and path (under /admin/api) of the back office's product-review moderation endpoints.
export const reviewsRoutes = {
  list: { method: "get", path: "/product-reviews" },
  create: { method: "post", path: "/product-reviews" },
  publish: { method: "post", path: "/product-reviews/{id}/publish" },
  reject: { method: "post", path: "/product-reviews/{id}/reject" },
} as const;
