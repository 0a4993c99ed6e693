// Method and path (under /admin/api) of the back office's catalog endpoints.
export const catalogRoutes = {} as const;
