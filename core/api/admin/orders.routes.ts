// Method and path (under /admin/api) of the back office's orders endpoints.
export const ordersRoutes = {} as const;
