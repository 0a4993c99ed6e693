// Method and path (under /admin/api) of the back office's staff endpoints.
export const staffRoutes = {
  list: { method: "get", path: "/staff" },
  invite: { method: "post", path: "/staff" },
  resendInvite: { method: "post", path: "/staff/{id}/invite" },
  setRole: { method: "put", path: "/staff/{id}/role" },
  setDisabled: { method: "put", path: "/staff/{id}/disabled" },
  invitation: { method: "get", path: "/invitation" },
  acceptInvite: { method: "post", path: "/invitation" },
} as const;
