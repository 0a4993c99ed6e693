// Method and path (under /admin/api) of the back office's staff endpoints.
export const staffRoutes = {} as const;
