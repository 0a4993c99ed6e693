// The settings screen: the shop's settings, the trader's identity, its write-only credentials and
// the ERP webhook.
import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { PageHeader } from "../ui/Page";
import { CredentialsCard } from "./CredentialsCard";
import { SettingsForm } from "./SettingsForm";
import { TraderCard } from "./TraderCard";
import { WebhookCard } from "./WebhookCard";

export async function loadSettings() {
  const [settings, trader, credentials, webhook] = await Promise.all([
    callAdmin(adminRoutes.settings.get, {}),
    callAdmin(adminRoutes.settings.trader, {}),
    callAdmin(adminRoutes.settings.credentials, {}),
    callAdmin(adminRoutes.settings.webhook, {}),
  ]);
  return { settings, trader, credentials, webhook };
}

export type SettingsScreenData = Awaited<ReturnType<typeof loadSettings>>;

export function SettingsScreen({ data }: { data: SettingsScreenData }) {
  const { settings, trader, credentials, webhook } = data;
  return (
    <>
      <PageHeader title="Settings">
        How the shop looks and works. Changes show on the shop with the next page a customer opens.
      </PageHeader>
      <div className="space-y-6">
        <SettingsForm view={settings} />
        <h2 className="pt-4 text-xl font-bold text-slate-900">Trader's identity</h2>
        <TraderCard view={trader} />
        <h2 className="pt-4 text-xl font-bold text-slate-900">Credentials</h2>
        <CredentialsCard view={credentials} />
        <h2 className="pt-4 text-xl font-bold text-slate-900">ERP webhook</h2>
        <WebhookCard view={webhook} />
      </div>
    </>
  );
}
