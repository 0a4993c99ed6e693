// The back office's staff endpoints (contract): owners list, invite, change the role of and
// disable members of staff; an invited person accepts with the mailed link (public endpoints).
import { z } from "zod";
import { STAFF_ROLES } from "../../admin/permissions";
import { AcceptInviteInput, DisabledInput, InviteInput, RoleInput } from "../../admin/staff";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import { adminEndpoint } from "./endpoint";
import { staffRoutes as routes } from "./staff.routes";

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  totpEnabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  disabled: z.boolean(),
  /** Invited and not yet accepted (no password yet). */
  invited: z.boolean(),
  /** When the newest open invitation runs out. */
  inviteExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Send it back with a change: a change by someone else in between answers 409. */
  version: z.string(),
});

const Id = z.object({ id: z.coerce.number().int().positive() });

export const StaffQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const list = adminEndpoint(routes.list, {
  permission: "staff.manage",
  tags: ["admin"],
  summary: "The shop's staff accounts",
  request: { query: StaffQuery },
  responses: {
    200: json(
      z.object({
        items: z.array(StaffMemberSchema),
        page: z.number().int(),
        limit: z.number().int(),
        total: z.number().int(),
      }),
      "One page of staff",
    ),
  },
});

export const invite = adminEndpoint(routes.invite, {
  permission: "staff.manage",
  tags: ["admin"],
  summary: "Invite someone by mail: the account exists without a password until they accept",
  request: { body: jsonBody(InviteInput) },
  responses: {
    200: json(StaffMemberSchema, "Invited; the mail is queued"),
    400: errorResponse("A field is not valid"),
    409: errorResponse("duplicate: an account with this email exists"),
  },
});

export const resendInvite = adminEndpoint(routes.resendInvite, {
  permission: "staff.manage",
  tags: ["admin"],
  summary: "Mail a new invitation link (the older links stop working)",
  request: { params: Id },
  responses: {
    200: json(StaffMemberSchema, "Sent"),
    404: errorResponse("No such account"),
    409: errorResponse("invalid_state: the invitation was already accepted, or the account is disabled"),
  },
});

export const setRole = adminEndpoint(routes.setRole, {
  permission: "staff.manage",
  tags: ["admin"],
  summary: "Change a member of staff's role (the last active owner stays an owner)",
  request: { params: Id, body: jsonBody(RoleInput) },
  responses: {
    200: json(StaffMemberSchema, "Changed"),
    400: errorResponse("Not a role"),
    404: errorResponse("No such account"),
    409: errorResponse("edit_conflict, or invalid_state for the last active owner"),
  },
});

export const setDisabled = adminEndpoint(routes.setDisabled, {
  permission: "staff.manage",
  tags: ["admin"],
  summary: "Disable (ending their sessions) or enable a member of staff; never the last active owner",
  request: { params: Id, body: jsonBody(DisabledInput) },
  responses: {
    200: json(StaffMemberSchema, "Changed"),
    404: errorResponse("No such account"),
    409: errorResponse("edit_conflict, or invalid_state for the last active owner"),
  },
});

export const invitation = adminEndpoint(routes.invitation, {
  permission: "public",
  tags: ["admin"],
  summary: "Who an invitation link is for (the accept page shows it)",
  request: { query: z.object({ token: z.string().trim().min(1).max(200) }) },
  responses: {
    200: json(
      z.object({ email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES), storeName: z.string() }),
      "The invitation",
    ),
    410: errorResponse("token_expired: the link was used, replaced or ran out"),
  },
});

export const acceptInvite = adminEndpoint(routes.acceptInvite, {
  permission: "public",
  tags: ["admin"],
  summary: "Accept an invitation: choose one's name and password, then sign in",
  request: { body: jsonBody(AcceptInviteInput) },
  responses: {
    200: json(z.object({ ok: z.literal(true), email: z.string() }), "Accepted: sign in now"),
    400: errorResponse("Weak or unconfirmed password"),
    410: errorResponse("token_expired: the link was used, replaced or ran out"),
  },
});
