// Who is signed in to the back office, for every admin screen: the layout loads it once and
// provides it; screens ask `useCan()` only to hide what the role cannot do (the server decides).
import { createContext, type ReactNode, useContext } from "react";
import type { Permission } from "../../core/admin/permissions";
import { adminRoutes } from "../../core/api/admin/routes";
import { callAdmin, rememberAdminCsrf } from "./lib/admin-api";

export type AdminSessionData = Awaited<ReturnType<typeof loadAdminSession>>;
export type SignedInSession = AdminSessionData & { staff: NonNullable<AdminSessionData["staff"]> };

export async function loadAdminSession() {
  const session = await callAdmin(adminRoutes.auth.session, {});
  rememberAdminCsrf(session.csrfToken);
  return session;
}

const SessionContext = createContext<SignedInSession | null>(null);

export function AdminSessionProvider({ value, children }: { value: SignedInSession; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useAdminSession(): SignedInSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useAdminSession outside the admin layout");
  return session;
}

/** `can("catalog.write")`: whether the signed-in role holds a permission. */
export function useCan(): (permission: Permission) => boolean {
  const { staff } = useAdminSession();
  return (permission) => (staff.permissions as readonly string[]).includes(permission);
}
