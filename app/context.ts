// The per-request values the Hono server hands to React Router loaders and actions.
// The server (run by tsx) and the route modules (bundled by Vite) load this file as two
// module copies; the key lives in the global symbol registry so both copies share one key.
import { createContext, type RouterContext } from "react-router";
import type { PageDevice } from "../core/device";
import type { Lang } from "../core/language";
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
  /**
   * What the request says about the visitor (server/http/visitor.ts): the device, and the country
   * preselected in registration and a guest's checkout (one of the store's, "" if it has none).
   */
  visitor: { device: PageDevice; country: string };
  /** The page's language, from the path (core/language.ts); English in the back office. */
  lang: Lang;
  /** "" in the store's default language, else "/el" or "/en". */
  langPrefix: string;
}

const KEY = Symbol.for("storefront.requestEnv");
const registry = globalThis as unknown as Record<symbol, RouterContext<RequestEnv> | undefined>;
registry[KEY] ??= createContext<RequestEnv>();

export const requestEnv: RouterContext<RequestEnv> = registry[KEY];
