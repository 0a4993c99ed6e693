// /admin/settings: the shop's settings (owners), its registry fields, write-only credentials and
// the ERP webhook with its deliveries.
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { SECRET_NAMES } from "../../../core/api/admin/settings";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { formFieldsOf, readSettingsForm } from "../../admin/settings/form";
import { loadSettings, SettingsScreen } from "../../admin/settings/SettingsScreen";
import { TRADER_FORM_FIELDS } from "../../admin/settings/TraderCard";

export function meta() {
  return [{ title: "Settings · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader() {
  return loadSettings();
}

/** Shown and edited in the open; each form sends only its own (an absent field is left as it is). */
const PUBLIC_IDS = ["googlePlaceId", "googleClientId", "facebookAppId"] as const;

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
    for (const name of SECRET_NAMES) {
      const value = String(form.get(name) ?? "").trim();
      if (form.get(`clear.${name}`) === "on") body[name] = null;
      else if (value) body[name] = value;
    }
    for (const name of PUBLIC_IDS)
      if (form.has(name)) body[name] = String(form.get(name) ?? "").trim() || null;
    return adminAction("Credentials saved.", () => callAdmin(adminRoutes.settings.saveCredentials, { body }));
  }
  if (intent === "trader") {
    const identity = Object.fromEntries(
      TRADER_FORM_FIELDS.map((name) => [name, String(form.get(`identity.${name}`) ?? "")]),
    );
    return adminAction("Trader's identity saved.", () =>
      callAdmin(adminRoutes.settings.saveTrader, {
        body: { version: String(form.get("version") ?? ""), identity },
      }),
    );
  }
  if (intent === "webhook") {
    const url = String(form.get("url") ?? "").trim() || null;
    const result = await adminAction(url ? "Webhook address saved." : "Webhook turned off.", () =>
      callAdmin(adminRoutes.settings.saveWebhook, { body: { url } }),
    );
    // The field shows the server's reason; the alert above the form only points to it.
    return !result.ok && result.fields.url
      ? { ...result, message: "Please correct the marked field." }
      : result;
  }
  return invalid({}, "Unknown action.");
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminSettings() {
  return <SettingsScreen data={useLoaderData<typeof clientLoader>()} />;
}
