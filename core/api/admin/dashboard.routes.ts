// Method and path (under /admin/api) of the back office's dashboard endpoints.
export const dashboardRoutes = {} as const;
