// /admin/settings: the shop's settings (owners), its registry fields and write-only credentials.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { CredentialsCard } from "../../admin/settings/CredentialsCard";
import { formFieldsOf, readSettingsForm } from "../../admin/settings/form";
import { SettingsForm } from "../../admin/settings/SettingsForm";
import { PageHeader } from "../../admin/ui/Page";

export function meta() {
  return [{ title: "Settings · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader() {
  const [settings, credentials] = await Promise.all([
    callAdmin(adminRoutes.settings.get, {}),
    callAdmin(adminRoutes.settings.credentials, {}),
  ]);
  return { settings, credentials };
}

const SECRETS = ["paymentAuth", "paymentSourceCode", "paymentAltAuth", "googlePlacesKey"] as const;

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "save") {
    const { values, store, problems } = readSettingsForm(form);
    if (Object.keys(problems).length > 0) return invalid(problems);
    const result = await adminAction("Settings saved.", () =>
      callAdmin(adminRoutes.settings.save, {
        body: { version: String(form.get("version") ?? ""), values, store },
      }),
    );
    return result.ok ? result : { ...result, fields: formFieldsOf(result.fields) };
  }
  if (intent === "credentials") {
    const body: Record<string, string | null> = {};
    const provider = String(form.get("paymentProvider") ?? "");
    if (provider === "test" || provider === "viva") body.paymentProvider = provider;
    for (const name of SECRETS) {
      const value = String(form.get(name) ?? "").trim();
      if (form.get(`clear.${name}`) === "on") body[name] = null;
      else if (value) body[name] = value;
    }
    body.googlePlaceId = String(form.get("googlePlaceId") ?? "").trim() || null;
    return adminAction("Credentials saved.", () => callAdmin(adminRoutes.settings.saveCredentials, { body }));
  }
  return invalid({}, "Unknown action.");
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminSettings() {
  const { settings, credentials } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <PageHeader title="Settings">
        How the shop looks and works. Changes show on the shop with the next page a customer opens.
      </PageHeader>
      <div className="space-y-6">
        <SettingsForm view={settings} />
        <h2 className="pt-4 text-xl font-bold text-slate-900">Credentials</h2>
        <CredentialsCard view={credentials} />
      </div>
    </>
  );
}
