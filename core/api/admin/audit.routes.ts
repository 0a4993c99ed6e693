// Method and path (under /admin/api) of the back office's audit endpoints.
export const auditRoutes = {} as const;
