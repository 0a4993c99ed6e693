// Method and path (under /admin/api) of the back office's content endpoints.
export const contentRoutes = {} as const;
