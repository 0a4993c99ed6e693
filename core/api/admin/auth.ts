// The back office's sign-in, session and own-account endpoints.
import { z } from "zod";
import { PERMISSIONS, STAFF_ROLES } from "../../admin/permissions";
import { LANGUAGES } from "../../language";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import { authRoutes as routes } from "./auth.routes";
import { adminEndpoint } from "./endpoint";

const PermissionSchema = z.enum(
  Object.keys(PERMISSIONS) as [keyof typeof PERMISSIONS, ...(keyof typeof PERMISSIONS)[]],
);

export const StaffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(PermissionSchema),
});

const SessionSchema = z.object({
  staff: StaffSchema.nullable(),
  csrfToken: z.string(),
  store: z.object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    languages: z
      .array(z.enum(LANGUAGES))
      .meta({ description: "The storefront's languages; editors translate into those beyond English" }),
  }),
});

export const SignInInput = z.object({
  email: z.string().trim().min(1, "Enter your email.").max(200),
  password: z.string().min(1, "Enter your password.").max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "The code has 6 digits.")
    .optional(),
});

export const PasswordInput = z.object({
  current: z.string().min(1, "Enter your current password.").max(200),
  password: z.string().min(1, "Enter a new password.").max(200),
  confirm: z.string().max(200),
});

export const TotpCodeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "The code has 6 digits."),
});
export const TotpDisableInput = z.object({ password: z.string().min(1, "Enter your password.").max(200) });

const ok = json(z.object({ ok: z.literal(true) }), "Done");

export const session = adminEndpoint(routes.session, {
  permission: "public",
  tags: ["admin"],
  summary: "Who is signed in on this browser, and the CSRF token for writes",
  responses: { 200: json(SessionSchema, "The session") },
});

export const signIn = adminEndpoint(routes.signIn, {
  permission: "public",
  tags: ["admin"],
  summary: "Sign in with email, password and (when two-factor is on) the current code",
  request: { body: jsonBody(SignInInput) },
  responses: {
    200: json(SessionSchema, "Signed in: a new HttpOnly cookie on path /admin"),
    400: errorResponse("Invalid input"),
    401: errorResponse("invalid_credentials, or totp_required when the code is missing or wrong"),
    429: errorResponse("Too many attempts"),
  },
});

export const signOut = adminEndpoint(routes.signOut, {
  permission: "public",
  tags: ["admin"],
  summary: "Sign out of this browser",
  responses: { 200: json(SessionSchema, "Signed out") },
});

export const me = adminEndpoint(routes.me, {
  permission: "self",
  tags: ["admin"],
  summary: "One's own account",
  responses: {
    200: json(
      z.object({
        id: z.number().int(),
        email: z.string(),
        name: z.string(),
        role: z.enum(STAFF_ROLES),
        totpEnabled: z.boolean(),
        passwordChangedAt: z.string().nullable(),
      }),
      "The account",
    ),
  },
});

export const password = adminEndpoint(routes.password, {
  permission: "self",
  tags: ["admin"],
  summary: "Change one's own password; every other session of the account ends",
  request: { body: jsonBody(PasswordInput) },
  responses: {
    200: ok,
    400: errorResponse("Weak or unconfirmed password, or wrong current one"),
    429: errorResponse("Too many attempts"),
  },
});

export const totpBegin = adminEndpoint(routes.totpBegin, {
  permission: "self",
  tags: ["admin"],
  summary: "Start two-factor setup: a new secret and its QR code",
  responses: {
    200: json(
      z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
      "Scan it, then confirm a code",
    ),
    409: errorResponse("Already on"),
  },
});

export const totpEnable = adminEndpoint(routes.totpEnable, {
  permission: "self",
  tags: ["admin"],
  summary: "Confirm the first code: two-factor is on from now",
  request: { body: jsonBody(TotpCodeInput) },
  responses: { 200: ok, 400: errorResponse("Wrong code"), 409: errorResponse("Not started, or already on") },
});

export const totpDisable = adminEndpoint(routes.totpDisable, {
  permission: "self",
  tags: ["admin"],
  summary: "Turn two-factor off (the password confirms it)",
  request: { body: jsonBody(TotpDisableInput) },
  responses: { 200: ok, 400: errorResponse("Wrong password") },
});

export const ForgotInput = z.object({ email: z.string().trim().min(1, "Enter your email.").max(200) });
export const ResetInput = z.object({
  token: z.string().trim().min(1).max(200),
  password: z.string().min(1, "Choose a password.").max(200),
  confirm: z.string().max(200),
});

export const forgot = adminEndpoint(routes.forgot, {
  permission: "public",
  tags: ["admin"],
  summary:
    "Ask for a link to choose a new password (the answer is the same whether the email has an account)",
  request: { body: jsonBody(ForgotInput) },
  responses: {
    200: json(z.object({ ok: z.literal(true), message: z.string() }), "Sent, if the account exists"),
    400: errorResponse("Invalid input"),
    429: errorResponse("Too many requests"),
  },
});

export const reset = adminEndpoint(routes.reset, {
  permission: "public",
  tags: ["admin"],
  summary: "Choose a new password with a reset link; every session of the account ends",
  request: { body: jsonBody(ResetInput) },
  responses: {
    200: json(z.object({ ok: z.literal(true), email: z.string() }), "Password set"),
    400: errorResponse("Weak or unconfirmed password"),
    410: errorResponse("The link was used, replaced or has run out"),
  },
});
