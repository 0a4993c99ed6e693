// POST /api/v1/consent: records the cookie banner's answer (services/cookie-consent.ts) and keeps
// it in the consent cookie, set here so the consent id is the server's to draw, not the browser's.
import { createRoute } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import * as contract from "../../core/api/consent";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S, consentCookieValue } from "../../core/consent";
import { isLocalHost } from "../../core/host";
import { recordCookieConsent } from "../../services/cookie-consent";
import { clientIp } from "../http/client";
import { failureResponse } from "./failure";
import type { ApiRouter } from "./router";

const record = createRoute(contract.record);

export function registerConsentRoutes(api: ApiRouter) {
  api.openapi(record, async (c) => {
    const store = c.get("store");
    try {
      const answer = await recordCookieConsent(store, c.req.valid("json"), {
        ip: clientIp(c),
        previousCookie: getCookie(c, CONSENT_COOKIE) ?? null,
      });
      c.header(
        "set-cookie",
        serialize(CONSENT_COOKIE, consentCookieValue(answer), {
          path: "/",
          httpOnly: true,
          sameSite: "Lax",
          secure: !isLocalHost(store.host),
          maxAge: CONSENT_MAX_AGE_S,
        }),
        { append: true },
      );
      return c.json({ choice: answer.choice, version: answer.version }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });
}
