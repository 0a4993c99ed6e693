// The per-request values the Hono server hands to React Router loaders and actions.
// The server (run by tsx) and the route modules (bundled by Vite) load this file as two
// module copies; the key lives in the global symbol registry so both copies share one key.
import { createContext, type RouterContext } from "react-router";
import type { StoreContext } from "../services/context";
import type { RequestSessionView, SessionCustomer } from "../services/sessions";

export interface RequestEnv {
  store: StoreContext;
  /** CSP nonce for inline scripts of this response. */
  nonce: string;
  robots: "index, follow" | "noindex, nofollow";
  requestId: string;
  /** The visitor's session: CSRF token, age-gate answer, idle sign-out (server/http/session.ts). */
  session: RequestSessionView;
  /** The signed-in customer, or null for a visitor. */
  customer: SessionCustomer | null;
  /** The visitor's IP (server/http/client.ts), for rate limits in actions. */
  clientIp: string;
}

const KEY = Symbol.for("storefront.requestEnv");
const registry = globalThis as unknown as Record<symbol, RouterContext<RequestEnv> | undefined>;
registry[KEY] ??= createContext<RequestEnv>();

export const requestEnv: RouterContext<RequestEnv> = registry[KEY];
