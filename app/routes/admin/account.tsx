import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { AccountScreen, loadAccount } from "../../admin/staff/AccountScreen";

export function meta() {
  return [{ title: "Your account · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader() {
  return loadAccount();
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "password") {
    const current = String(form.get("current") ?? "");
    const password = String(form.get("password") ?? "");
    const confirm = String(form.get("confirm") ?? "");
    if (!current) return invalid({ current: "Enter your current password." });
    return adminAction("Password changed. Your other sessions were signed out.", () =>
      callAdmin(adminRoutes.auth.password, { body: { current, password, confirm } }),
    );
  }
  if (intent === "totp-enable") {
    const code = String(form.get("code") ?? "").trim();
    return adminAction("Two-factor sign-in is on.", () =>
      callAdmin(adminRoutes.auth.totpEnable, { body: { code } }),
    );
  }
  if (intent === "totp-disable") {
    const password = String(form.get("password") ?? "");
    return adminAction("Two-factor sign-in is off.", () =>
      callAdmin(adminRoutes.auth.totpDisable, { body: { password } }),
    );
  }
  return invalid({}, "Unknown action.");
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminAccount() {
  return <AccountScreen data={useLoaderData<typeof clientLoader>()} />;
}
