// /admin/staff: the shop's staff accounts (owners): invite, role, disable.
import { useLoaderData } from "react-router";
import { InviteInput } from "../../../core/admin/staff";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { loadStaff, StaffScreen } from "../../admin/staff/StaffScreen";

export function meta() {
  return [{ title: "Staff · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadStaff({ request });
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "invite") {
    const parsed = InviteInput.safeParse({
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      role: String(form.get("role") ?? ""),
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return invalid(fields);
    }
    return adminAction(`Invitation sent to ${parsed.data.email}.`, () =>
      callAdmin(adminRoutes.staff.invite, { body: parsed.data }),
    );
  }
  if (intent === "role") {
    const role = String(form.get("role") ?? "");
    if (role !== "owner" && role !== "manager" && role !== "staff")
      return invalid({ role: "Choose a role." });
    return adminAction("Role changed.", () =>
      callAdmin(adminRoutes.staff.setRole, {
        params: { id: Number(form.get("id")) },
        body: { role, version: String(form.get("version") ?? "") },
      }),
    );
  }
  return invalid({}, "Unknown action.");
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminStaff() {
  return <StaffScreen data={useLoaderData<typeof clientLoader>()} />;
}
