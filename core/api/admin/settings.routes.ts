// Method and path (under /admin/api) of the back office's settings endpoints.
export const settingsRoutes = {
  get: { method: "get", path: "/settings" },
  save: { method: "put", path: "/settings" },
  credentials: { method: "get", path: "/settings/credentials" },
  saveCredentials: { method: "put", path: "/settings/credentials" },
  rotateApiKey: { method: "post", path: "/settings/api-key" },
  clearApiKey: { method: "delete", path: "/settings/api-key" },
  webhook: { method: "get", path: "/settings/webhook" },
  saveWebhook: { method: "put", path: "/settings/webhook" },
  rotateWebhookSecret: { method: "post", path: "/settings/webhook/secret" },
  trader: { method: "get", path: "/settings/trader" },
  saveTrader: { method: "put", path: "/settings/trader" },
} as const;
