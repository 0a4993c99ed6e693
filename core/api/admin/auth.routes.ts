// Method and path (under /admin/api) of the back office's own session and account endpoints.
export const authRoutes = {
  session: { method: "get", path: "/session" },
  signIn: { method: "post", path: "/session" },
  signOut: { method: "delete", path: "/session" },
  me: { method: "get", path: "/me" },
  password: { method: "put", path: "/me/password" },
  totpBegin: { method: "post", path: "/me/totp" },
  totpEnable: { method: "put", path: "/me/totp" },
  totpDisable: { method: "post", path: "/me/totp/disable" },
  forgot: { method: "post", path: "/password-reset" },
  reset: { method: "put", path: "/password-reset" },
} as const;
