// The staff forms' schemas (invite, role, accept an invitation), shared by the back office's
// forms and the server. Pure: the browser imports this module.
import { z } from "zod";
import { STAFF_ROLES } from "./permissions";

export const ROLE_HELP: Record<(typeof STAFF_ROLES)[number], string> = {
  owner: "Everything, including staff, settings and payment credentials.",
  manager: "Catalogue, content, orders and customers.",
  staff: "Orders; sees the catalogue without changing it.",
};

const roleSchema = z.enum(STAFF_ROLES, { error: "Choose a role." });

export const InviteInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter their email.")
    .max(200, "Use at most 200 characters.")
    .pipe(z.email("Enter an email address like name@example.com.")),
  name: z.string().trim().min(1, "Enter their name.").max(120, "Use at most 120 characters."),
  role: roleSchema,
});

export const RoleInput = z.object({ role: roleSchema, version: z.string().min(1).max(64) });

export const DisabledInput = z.object({ disabled: z.boolean(), version: z.string().min(1).max(64) });

export const AcceptInviteInput = z.object({
  token: z.string().trim().min(10, "This invitation link is not complete.").max(200),
  name: z.string().trim().min(1, "Enter your name.").max(120, "Use at most 120 characters."),
  password: z.string().min(1, "Choose a password.").max(200),
  confirm: z.string().max(200),
});

/** How long an invitation link stays valid. */
export const INVITE_DAYS = 7;
