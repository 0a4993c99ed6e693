// GET /auth/email?token= : the mailed link that proves a customer's email (docs/decisions/0041).
// It proves only in a browser signed in to that account; anyone else is sent to sign in first and
// comes back to the link (the login page's redirectTo), so the password's holder and the
// mailbox's reader are shown to be one person.
import type { Hono } from "hono";
import { EMAIL_PROOF_PARAM, EMAIL_PROOF_PATH } from "../../core/email-proof";
import { withRedirect } from "../../core/safe-redirect";
import { proveEmail } from "../../services/auth/email-proof";
import type { AppEnv } from "./env";

const LOGIN_PATH = "/pages/login";
const DASHBOARD_PATH = "/shop/dashboard";

export function registerEmailProof(app: Hono<AppEnv>) {
  app.get(EMAIL_PROOF_PATH, async (c) => {
    const token = (c.req.query("token") ?? "").slice(0, 200);
    const outcome = await proveEmail(c.var.store, token, c.var.customer?.id ?? null);
    if (outcome === "sign_in")
      return c.redirect(
        withRedirect(LOGIN_PATH, `${EMAIL_PROOF_PATH}?token=${encodeURIComponent(token)}`),
        303,
      );
    const page = c.var.customer ? DASHBOARD_PATH : LOGIN_PATH;
    return c.redirect(`${page}?${EMAIL_PROOF_PARAM}=${outcome}`, 303);
  });
}
