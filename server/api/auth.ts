// Accounts over /api/v1: sign in/out, register, forgot/reset password, the current customer,
// account details, email and password changes, the 18+ answer. Passwords are checked here and
// never sent back. Errors are { error, message, title? } where title/message are the spec's texts.
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { toPublicCustomer } from "../../core/account";
import * as contract from "../../core/api/auth";
import { LINK_MAIL_SENT } from "../../core/social-sign-in";
import { ACCOUNT_TEXT, checkLogin } from "../../core/validation/account";
import { changeEmail, changePassword, updateDetails } from "../../services/auth/account";
import { resendEmailProof } from "../../services/auth/email-proof";
import { authenticate, type SignedIn } from "../../services/auth/login";
import { registerCustomer } from "../../services/auth/register";
import { requestPasswordReset, resetPassword } from "../../services/auth/reset";
import { linkAfterPassword, mailLinkRequest } from "../../services/auth/social/identities";
import type { SessionCustomer } from "../../services/sessions";
import { clientIp, publicOrigin } from "../http/client";
import type { AppEnv } from "../http/env";
import { setAgeAnswer, signIn, signOut } from "../http/session";
import { fail, failureResponse } from "./failure";
import type { ApiRouter } from "./router";

type C = Context<AppEnv>;

function needCustomer(c: C) {
  const customer = c.get("customer");
  if (!customer) return null;
  return customer;
}

const notSignedIn = (c: C) =>
  fail(c, "not_signed_in", "Please sign in first", { title: "Please sign in first" });

const login = createRoute(contract.login);
const logout = createRoute(contract.logout);
const register = createRoute(contract.register);
const forgot = createRoute(contract.forgot);
const reset = createRoute(contract.reset);
const me = createRoute(contract.me);
const details = createRoute(contract.details);
const email = createRoute(contract.email);
const password = createRoute(contract.password);
const age = createRoute(contract.age);
const socialLinkMail = createRoute(contract.socialLinkMail);
const emailProof = createRoute(contract.emailProof);

export function registerAuthRoutes(api: ApiRouter) {
  api.openapi(login, async (c) => {
    const store = c.get("store");
    if (!store.settings.showSignin)
      return fail(c, "signin_disabled", ACCOUNT_TEXT.signInOff, { title: ACCOUNT_TEXT.signInOff });
    const input = c.req.valid("json");
    const empty = checkLogin(input);
    if (empty) return fail(c, "required", empty.text ?? empty.title, { title: empty.title });
    let result: SignedIn;
    try {
      result = await authenticate(store, input, { ip: clientIp(c) });
    } catch (err) {
      return failureResponse(c, err);
    }
    // Proving the account with its password links the identity this session was waiting with.
    const linked = await linkAfterPassword(store, c.get("session").tokenHash, result.customer.id);
    await signIn(c, result.customer, input.remember);
    return c.json(
      {
        customer: toPublicCustomer(result.customer),
        legacy: result.legacy,
        message: result.legacy ? ACCOUNT_TEXT.legacyAfterLogin : null,
        redirect: "/shop/dashboard",
        linked,
      },
      200,
    );
  });

  api.openapi(socialLinkMail, async (c) => {
    try {
      await mailLinkRequest(c.get("store"), c.get("session").tokenHash, {
        ip: clientIp(c),
        origin: publicOrigin(c),
      });
    } catch (err) {
      return failureResponse(c, err);
    }
    return c.json({ message: LINK_MAIL_SENT }, 200);
  });

  api.openapi(emailProof, async (c) => {
    const customer = needCustomer(c);
    if (!customer) return notSignedIn(c);
    try {
      return c.json({ sent: await resendEmailProof(c.get("store"), customer.id, publicOrigin(c)) }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(logout, async (c) => {
    await signOut(c);
    return c.json({ ok: true as const }, 200);
  });

  api.openapi(register, async (c) => {
    const store = c.get("store");
    if (!store.settings.showSignup)
      return fail(c, "signup_disabled", ACCOUNT_TEXT.signUpOff, { title: ACCOUNT_TEXT.signUpOff });
    let customer: SessionCustomer;
    try {
      customer = await registerCustomer(store, c.req.valid("json"), {
        ip: clientIp(c),
        origin: publicOrigin(c),
      });
    } catch (err) {
      return failureResponse(c, err);
    }
    await signIn(c, customer, false);
    return c.json(
      {
        customer: toPublicCustomer(customer),
        title: ACCOUNT_TEXT.registerDoneTitle,
        button: ACCOUNT_TEXT.registerDoneButton,
      },
      201,
    );
  });

  api.openapi(forgot, async (c) => {
    try {
      await requestPasswordReset(c.get("store"), c.req.valid("json").email, {
        ip: clientIp(c),
        origin: publicOrigin(c),
      });
    } catch (err) {
      return failureResponse(c, err);
    }
    return c.json({ message: ACCOUNT_TEXT.forgotSent }, 200);
  });

  api.openapi(reset, async (c) => {
    try {
      await resetPassword(c.get("store"), c.req.valid("json"), { ip: clientIp(c) });
    } catch (err) {
      return failureResponse(c, err);
    }
    return c.json({ message: ACCOUNT_TEXT.resetDone }, 200);
  });

  api.openapi(me, (c) => {
    const customer = c.get("customer");
    return c.json(
      { customer: customer ? toPublicCustomer(customer) : null, csrfToken: c.get("session").csrfToken },
      200,
    );
  });

  api.openapi(details, async (c) => {
    const customer = needCustomer(c);
    if (!customer) return notSignedIn(c);
    try {
      const updated = await updateDetails(c.get("store"), customer.id, c.req.valid("json"));
      return c.json({ customer: toPublicCustomer(updated) }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(email, async (c) => {
    const customer = needCustomer(c);
    if (!customer) return notSignedIn(c);
    try {
      const updated = await changeEmail(c.get("store"), customer.id, c.req.valid("json"), publicOrigin(c));
      return c.json({ customer: toPublicCustomer(updated), message: "Email updated successfully" }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(password, async (c) => {
    const customer = needCustomer(c);
    if (!customer) return notSignedIn(c);
    try {
      const updated = await changePassword(c.get("store"), customer.id, c.req.valid("json"), {
        keepSession: c.get("session").token,
      });
      return c.json({ message: ACCOUNT_TEXT.resetDone, customer: toPublicCustomer(updated) }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(age, async (c) => {
    const answer = c.req.valid("json").answer === "yes" ? "ok" : "under";
    // 'No' is final for this browser: a later 'yes' does not lift it.
    const current = c.get("session").age;
    setAgeAnswer(c, current === "under" ? "under" : answer);
    return c.json({ age: current === "under" ? ("under" as const) : answer }, 200);
  });
}
