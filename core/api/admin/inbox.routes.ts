// Method and path (under /admin/api) of the back office's inbox endpoints.
export const inboxRoutes = {} as const;
