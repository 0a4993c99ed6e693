// Method and path (under /admin/api) of the back office's customers endpoints.
export const customersRoutes = {} as const;
