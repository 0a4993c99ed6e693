// Method and path (under /admin/api) of the back office's blog endpoints. Pictures go under
// /uploads, which has the larger body limit (server/http/request-limits.ts).
export const blogRoutes = {
  list: { method: "get", path: "/blog/posts" },
  get: { method: "get", path: "/blog/posts/{id}" },
  create: { method: "post", path: "/blog/posts" },
  update: { method: "put", path: "/blog/posts/{id}" },
  remove: { method: "delete", path: "/blog/posts/{id}" },
  preview: { method: "post", path: "/blog/preview" },
  uploadImage: { method: "post", path: "/uploads/blog" },
} as const;
