// Who is calling (for rate limits) and which origin they used (for links in mails).
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { isLocalHost } from "../../core/host";
import type { AppEnv } from "./env";

/**
 * The client's IP. X-Forwarded-For is only believed behind a proxy we were told about
 * (TRUST_PROXY=1, which createApp puts in `trustProxy`): anyone can send that header. Its last
 * entry is the one our proxy wrote; the entries before it are whatever the client sent, since
 * common proxies (nginx's $proxy_add_x_forwarded_for, cloud load balancers) append.
 */
// biome-ignore lint/suspicious/noExplicitAny: the storefront's and the back office's contexts both carry trustProxy
export function clientIp(c: Context<any>): string {
  if (c.var.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}

/**
 * The origin to put in links mailed to the shopper: the host they used, which tenancy has
 * already matched to this store. Local hosts keep http and the port; real domains use https.
 */
export function publicOrigin(c: Context<AppEnv>): string {
  const host = c.var.store.host;
  if (!isLocalHost(host)) return `https://${host}`;
  const port = /:(\d{1,5})$/.exec(c.req.header("host") ?? "")?.[1];
  return `http://${host}${port ? `:${port}` : ""}`;
}
