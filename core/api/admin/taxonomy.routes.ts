// Method and path (under /admin/api) of the back office's taxonomy endpoints.
export const taxonomyRoutes = {} as const;
