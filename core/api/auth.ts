// Accounts: sign in/out, register, forgot/reset password, the current customer, account details,
// email and password changes, the 18+ answer. The request bodies are the account form schemas
// (core/validation/account-schemas.ts). Errors are { error, message, title? } where title and
// message are the spec's texts.
import { z } from "zod";
import { SOCIAL_PROVIDERS } from "../social-sign-in";
import {
  AccountDetailsInput,
  EmailChangeInput,
  ForgotInput,
  LoginInput,
  PasswordChangeInput,
  RegisterInput,
  ResetInput,
} from "../validation/account-schemas";
import { errorResponse } from "./common";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

const ProblemSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    title: z.string().optional(),
    details: z
      .object({ fields: z.array(z.object({ field: z.string(), message: z.string() })) })
      .optional()
      .meta({ description: "The form fields the problem is about, each with what to fix" }),
  })
  .meta({
    id: "AccountProblem",
    example: {
      error: "invalid_credentials",
      title: "Wrong username / password",
      message: "Please try again!",
    },
  });
const problem = (description: string) => json(ProblemSchema, description);

export const CustomerSchema = z
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
    points: z.string().meta({ description: "Balance minus on hold, 1 to 2 decimals" }),
    legacyAccount: z.boolean(),
  })
  .meta({ id: "Customer" });

export const login = endpoint(routes.auth.login, {
  tags: ["account"],
  summary: "Sign in with username (or email) and password; sets a new HttpOnly session cookie",
  request: { body: jsonBody(LoginInput) },
  responses: {
    200: json(
      z.object({
        customer: CustomerSchema,
        legacy: z.boolean(),
        message: z.string().nullable(),
        redirect: z.string(),
        /** A Google or Facebook identity waiting in this session for this account was linked. */
        linked: z.enum(SOCIAL_PROVIDERS).nullable(),
      }),
      "Signed in",
    ),
    400: problem("Username or password empty"),
    401: problem("Wrong username / password"),
    403: problem("Sign-in is off for this store, or CSRF"),
    429: problem("Too many attempts or account locked for a while"),
  },
});

export const socialLinkMail = endpoint(routes.auth.socialLinkMail, {
  tags: ["account"],
  summary:
    "Mail the existing account a one-use link that links the Google or Facebook identity waiting in this session and signs in",
  responses: {
    200: json(z.object({ message: z.string() }), "The link is on its way"),
    410: problem("No identity waits in this session (it expired)"),
    429: problem("Too many links asked for"),
  },
});

export const emailProof = endpoint(routes.auth.emailProof, {
  tags: ["account"],
  summary:
    "Mail the signed-in customer a new link that proves their email address (docs/decisions/0041); the link proves it when opened signed in to the account",
  responses: {
    200: json(z.object({ sent: z.boolean() }), "Queued, or false when the address is proven already"),
    401: problem("Not signed in"),
    429: problem("Too many links asked for"),
  },
});

export const logout = endpoint(routes.auth.logout, {
  tags: ["account"],
  summary: "Sign out: the session is deleted and a fresh anonymous one begins",
  responses: {
    200: json(z.object({ ok: z.literal(true) }), "Signed out"),
    403: errorResponse("Missing or invalid CSRF token"),
  },
});

export const register = endpoint(routes.auth.register, {
  tags: ["account"],
  summary: "Create a customer (Billing Details) and sign them in",
  request: { body: jsonBody(RegisterInput) },
  responses: {
    201: json(z.object({ customer: CustomerSchema, title: z.string(), button: z.string() }), "Registered"),
    400: problem("A required field, the mobile number, the privacy box or a weak password"),
    403: problem("Sign-up is off for this store, or CSRF"),
    409: problem("Username or Phone number already exists! / Username already taken"),
    429: problem("Too many registrations from this address"),
  },
});

export const forgot = endpoint(routes.auth.forgot, {
  tags: ["account"],
  summary: "Mail a single-use password reset link to the customer with this email",
  request: { body: jsonBody(ForgotInput) },
  responses: {
    200: json(z.object({ message: z.string() }), "Check your inbox for instructions"),
    400: problem("Please type your email first / Email format not valid"),
    404: problem("Email not found"),
    429: problem("Too many requests"),
  },
});

export const reset = endpoint(routes.auth.reset, {
  tags: ["account"],
  summary: "Set a new password with the token from the reset mail (works once, before it expires)",
  request: { body: jsonBody(ResetInput) },
  responses: {
    200: json(z.object({ message: z.string() }), "Password updated successfully"),
    400: problem("Both fields are required / Passwords do not match / a weak password"),
    410: problem("The token expired or was used"),
    429: problem("Too many attempts from this address or for this customer"),
  },
});

export const me = endpoint(routes.auth.me, {
  tags: ["account"],
  summary: "The signed-in customer (price list, points, country) or null, and the CSRF token",
  responses: {
    200: json(z.object({ customer: CustomerSchema.nullable(), csrfToken: z.string() }), "Current session"),
  },
});

export const details = endpoint(routes.auth.details, {
  tags: ["account"],
  summary: "Update name, phone, address and country of the signed-in customer",
  request: { body: jsonBody(AccountDetailsInput) },
  responses: {
    200: json(z.object({ customer: CustomerSchema }), "Updated"),
    400: problem("Invalid details"),
    401: problem("Not signed in"),
    409: problem("Phone number used by another account"),
  },
});

export const email = endpoint(routes.auth.email, {
  tags: ["account"],
  summary: "Change the email (confirmed with the current password)",
  request: { body: jsonBody(EmailChangeInput) },
  responses: {
    200: json(z.object({ customer: CustomerSchema, message: z.string() }), "Updated"),
    400: problem("Invalid email or wrong password"),
    401: problem("Not signed in"),
    409: problem("Email used by another account"),
    429: problem("Too many attempts"),
  },
});

export const password = endpoint(routes.auth.password, {
  tags: ["account"],
  summary:
    "Change the password (current password required); the account's other sessions end, a legacy account becomes an ordinary one",
  request: { body: jsonBody(PasswordChangeInput) },
  responses: {
    200: json(z.object({ message: z.string(), customer: CustomerSchema }), "Password updated successfully"),
    400: problem(
      "Both fields are required / Passwords do not match / wrong current password / a weak password",
    ),
    401: problem("Not signed in"),
    429: problem("Too many attempts"),
  },
});

export const age = endpoint(routes.auth.age, {
  tags: ["account"],
  summary: "Answer the 18+ question for this session ('no' blocks the shop for this browser)",
  request: { body: jsonBody(z.object({ answer: z.enum(["yes", "no"]) })) },
  responses: { 200: json(z.object({ age: z.enum(["ok", "under"]) }), "Stored") },
});
