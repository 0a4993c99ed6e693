// Method and path (under /admin/api) of the back office's settings endpoints.
export const settingsRoutes = {} as const;
