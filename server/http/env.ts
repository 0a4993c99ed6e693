import type { Logger } from "pino";
import type { StoreContext } from "../../services/context";
import type { SessionCustomer } from "../../services/sessions";
import type { HttpSession } from "./session";

export type AppEnv = {
  Variables: {
    store: StoreContext;
    requestId: string;
    log: Logger;
    secureHeadersNonce?: string;
    /** The visitor's session (server/http/session.ts); set for pages and /api/v1. */
    session: HttpSession;
    /** The signed-in customer, or null. */
    customer: SessionCustomer | null;
    /** HMAC key for CSRF tokens. */
    sessionSecret: string;
    /** TRUST_PROXY: X-Forwarded-For names the client (server/http/client.ts). */
    trustProxy: boolean;
    /** VISITOR_COUNTRY_HEADER: where a proxy or CDN names the visitor's country (server/http/visitor.ts). */
    visitorCountryHeader: string;
  };
};
