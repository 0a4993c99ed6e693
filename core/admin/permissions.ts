// Who may do what in the back office. The server checks every admin endpoint against this table
// (server/admin/register.ts); the browser reads the same table only to hide what a role cannot do.

export const STAFF_ROLES = ["owner", "manager", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABEL: Record<StaffRole, string> = {
  owner: "Owner",
  manager: "Manager",
  staff: "Staff",
};

const ALL: readonly StaffRole[] = STAFF_ROLES;
const MANAGERS: readonly StaffRole[] = ["owner", "manager"];
const OWNERS: readonly StaffRole[] = ["owner"];

/**
 * Every permission and the roles that hold it. owner: everything; manager: catalogue, content,
 * orders, customers, reports; staff: orders, and the catalogue read-only.
 */
export const PERMISSIONS = {
  /** Sign in, see the dashboard, manage one's own password and two-factor. */
  self: ALL,
  "orders.read": ALL,
  "orders.write": ALL,
  /** Give money back on an order (docs/decisions/0056). */
  "orders.refund": MANAGERS,
  "catalog.read": ALL,
  "catalog.write": MANAGERS,
  "customers.read": MANAGERS,
  "customers.write": MANAGERS,
  "content.read": MANAGERS,
  "content.write": MANAGERS,
  "inbox.read": MANAGERS,
  /** The sales report and its CSV: the shop's turnover by product, brand and payment. */
  "reports.read": MANAGERS,
  "settings.read": OWNERS,
  "settings.write": OWNERS,
  "staff.manage": OWNERS,
  "audit.read": OWNERS,
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
