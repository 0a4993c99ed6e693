// Accounts over /api/v1: sign in/out, register, forgot/reset password, the current customer,
// account details, email and password changes, the 18+ answer. Passwords are checked here and
// never sent back. Errors are { error, message, title? } where title/message are the spec's texts.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { toPublicCustomer } from "../../core/account";
import { ACCOUNT_TEXT, checkLogin } from "../../core/validation/account";
import {
  AccountDetailsInput,
  EmailChangeInput,
  ForgotInput,
  LoginInput,
  PasswordChangeInput,
  RegisterInput,
  ResetInput,
} from "../../core/validation/account-schemas";
import { changeEmail, changePassword, updateDetails } from "../../services/auth/account";
import { authenticate, type SignedIn } from "../../services/auth/login";
import { registerCustomer } from "../../services/auth/register";
import { requestPasswordReset, resetPassword } from "../../services/auth/reset";
import type { SessionCustomer } from "../../services/sessions";
import { clientIp, publicOrigin } from "../http/client";
import type { AppEnv } from "../http/env";
import { setAgeAnswer, signIn, signOut } from "../http/session";
import { fail, failureResponse } from "./failure";
import type { ApiRouter } from "./router";
import { errorResponse } from "./schemas";

const ProblemSchema = z
  .object({ error: z.string(), message: z.string(), title: z.string().optional() })
  .openapi("AccountProblem", {
    example: {
      error: "invalid_credentials",
      title: "Wrong username / password",
      message: "Please try again!",
    },
  });
const problem = (description: string) => ({
  content: { "application/json": { schema: ProblemSchema } },
  description,
});

const CustomerSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    country: z.string(),
    priceListId: z.number().int().nullable(),
    hasPriceList: z.boolean(),
    excludeVat: z.boolean(),
    pointsCents: z.number().int(),
    points: z.string().openapi({ description: "Balance minus on hold, 1 to 2 decimals" }),
    legacyAccount: z.boolean(),
  })
  .openapi("Customer");

const json = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});
const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

type C = Context<AppEnv>;

function needCustomer(c: C) {
  const customer = c.get("customer");
  if (!customer) return null;
  return customer;
}

const notSignedIn = (c: C) =>
  fail(c, "not_signed_in", "Please sign in first", { title: "Please sign in first" });

// ---------------------------------------------------------------- routes

const login = createRoute({
  method: "post",
  path: "/auth/login",
  tags: ["account"],
  summary: "Sign in with username (or email) and password; sets a new HttpOnly session cookie",
  request: { body: json(LoginInput) },
  responses: {
    200: ok(
      z.object({
        customer: CustomerSchema,
        legacy: z.boolean(),
        message: z.string().nullable(),
        redirect: z.string(),
      }),
      "Signed in",
    ),
    400: problem("Username or password empty"),
    401: problem("Wrong username / password"),
    403: problem("Sign-in is off for this store, or CSRF"),
    429: problem("Too many attempts or account locked for a while"),
  },
});

const logout = createRoute({
  method: "post",
  path: "/auth/logout",
  tags: ["account"],
  summary: "Sign out: the session is deleted and a fresh anonymous one begins",
  responses: {
    200: ok(z.object({ ok: z.literal(true) }), "Signed out"),
    403: errorResponse("Missing or invalid CSRF token"),
  },
});

const register = createRoute({
  method: "post",
  path: "/auth/register",
  tags: ["account"],
  summary: "Create a customer (Billing Details) and sign them in",
  request: { body: json(RegisterInput) },
  responses: {
    201: ok(z.object({ customer: CustomerSchema, title: z.string(), button: z.string() }), "Registered"),
    400: problem("A required field, the mobile number, the privacy box or a weak password"),
    403: problem("Sign-up is off for this store, or CSRF"),
    409: problem("Username or Phone number already exists! / Username already taken"),
    429: problem("Too many registrations from this address"),
  },
});

const forgot = createRoute({
  method: "post",
  path: "/auth/forgot",
  tags: ["account"],
  summary: "Mail a single-use password reset link to the customer with this email",
  request: { body: json(ForgotInput) },
  responses: {
    200: ok(z.object({ message: z.string() }), "Check your inbox for instructions"),
    400: problem("Please type your email first / Email format not valid"),
    404: problem("Email not found"),
    429: problem("Too many requests"),
  },
});

const reset = createRoute({
  method: "post",
  path: "/auth/reset",
  tags: ["account"],
  summary: "Set a new password with the token from the reset mail (works once, before it expires)",
  request: { body: json(ResetInput) },
  responses: {
    200: ok(z.object({ message: z.string() }), "Password updated successfully"),
    400: problem("Both fields are required / Passwords do not match / a weak password"),
    410: problem("The token expired or was used"),
    429: problem("Too many attempts from this address or for this customer"),
  },
});

const me = createRoute({
  method: "get",
  path: "/auth/me",
  tags: ["account"],
  summary: "The signed-in customer (price list, points, country) or null, and the CSRF token",
  responses: {
    200: ok(z.object({ customer: CustomerSchema.nullable(), csrfToken: z.string() }), "Current session"),
  },
});

const details = createRoute({
  method: "put",
  path: "/account",
  tags: ["account"],
  summary: "Update name, phone, address and country of the signed-in customer",
  request: { body: json(AccountDetailsInput) },
  responses: {
    200: ok(z.object({ customer: CustomerSchema }), "Updated"),
    400: problem("Invalid details"),
    401: problem("Not signed in"),
    409: problem("Phone number used by another account"),
  },
});

const email = createRoute({
  method: "put",
  path: "/account/email",
  tags: ["account"],
  summary: "Change the email (confirmed with the current password)",
  request: { body: json(EmailChangeInput) },
  responses: {
    200: ok(z.object({ customer: CustomerSchema, message: z.string() }), "Updated"),
    400: problem("Invalid email or wrong password"),
    401: problem("Not signed in"),
    409: problem("Email used by another account"),
    429: problem("Too many attempts"),
  },
});

const password = createRoute({
  method: "put",
  path: "/account/password",
  tags: ["account"],
  summary:
    "Change the password (current password required); the account's other sessions end, a legacy account becomes an ordinary one",
  request: { body: json(PasswordChangeInput) },
  responses: {
    200: ok(z.object({ message: z.string(), customer: CustomerSchema }), "Password updated successfully"),
    400: problem(
      "Both fields are required / Passwords do not match / wrong current password / a weak password",
    ),
    401: problem("Not signed in"),
    429: problem("Too many attempts"),
  },
});

const age = createRoute({
  method: "post",
  path: "/session/age",
  tags: ["account"],
  summary: "Answer the 18+ question for this session ('no' blocks the shop for this browser)",
  request: { body: json(z.object({ answer: z.enum(["yes", "no"]) })) },
  responses: { 200: ok(z.object({ age: z.enum(["ok", "under"]) }), "Stored") },
});

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
    await signIn(c, result.customer, input.remember);
    return c.json(
      {
        customer: toPublicCustomer(result.customer),
        legacy: result.legacy,
        message: result.legacy ? ACCOUNT_TEXT.legacyAfterLogin : null,
        redirect: "/shop/dashboard",
      },
      200,
    );
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
      customer = await registerCustomer(store, c.req.valid("json"), { ip: clientIp(c) });
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
      const updated = await changeEmail(c.get("store"), customer.id, c.req.valid("json"));
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
