// Host header handling for store resolution. Pure.

/** Lower-case host without port, or null when the header is missing or malformed. */
export function normalizeHost(header: string | null | undefined): string | null {
  if (!header) return null;
  let host = header.trim().toLowerCase();
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    if (end < 0) return null;
    host = host.slice(0, end + 1);
  } else {
    const colon = host.indexOf(":");
    if (colon >= 0) host = host.slice(0, colon);
  }
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(host) || host.length > 253) return null;
  return host;
}

/** Development domains: never indexed by search engines, no HSTS, cookies without Secure. */
export function isLocalHost(host: string): boolean {
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "127.0.0.1" ||
    host === "[::1]" ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

export function robotsFor(host: string): "index, follow" | "noindex, nofollow" {
  return isLocalHost(host) ? "noindex, nofollow" : "index, follow";
}
