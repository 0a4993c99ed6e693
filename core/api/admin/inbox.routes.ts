// Method and path (under /admin/api) of the back office's inbox endpoints.
export const inboxRoutes = {
  inquiries: { method: "get", path: "/inbox/inquiries" },
  inquiry: { method: "get", path: "/inbox/inquiries/{id}" },
  newsletter: { method: "get", path: "/inbox/newsletter" },
  /** A file download: the browser follows a link to it (text/csv, not JSON). */
  newsletterCsv: { method: "get", path: "/inbox/newsletter.csv" },
  notifyRequests: { method: "get", path: "/inbox/notify-requests" },
} as const;
