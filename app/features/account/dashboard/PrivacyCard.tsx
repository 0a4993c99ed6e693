// My Account's "Your data" (docs/decisions/0051): the data download (a link to the JSON file of
// routes/shop.dashboard.data.tsx) and "Delete my account", a second step opened from its summary
// and confirmed by the password, or by the email for an account made through Google or Facebook.
// A plain form posted to the dashboard's action, so it works without JavaScript.
import { Form, useActionData, useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { CsrfInput } from "../../../lib/csrf";
import { useLocalePath } from "../../../lib/localized";
import { TextField } from "../../../ui/fields";
import { DashboardCard } from "./DashboardCard";
import type { DashboardData } from "./types";

/** What the dashboard's action answers when the deletion is refused. */
export interface DeleteAccountRefusal {
  problem: "deleteWrongPassword" | "deleteWrongEmail" | "deleteTooMany" | "deleteFailed";
}

export function PrivacyCard({ privacy, email }: { privacy: DashboardData["privacy"]; email: string }) {
  const t = useTranslations("Privacy");
  const localePath = useLocalePath();
  const refused = useActionData() as DeleteAccountRefusal | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <DashboardCard title={t("yourData")} testId="privacy-card" id="your-data">
      <p className="text-sm text-slate-700">{t("downloadIntro")}</p>
      <a
        href={localePath("/shop/dashboard/data")}
        download
        className="mt-3 inline-flex items-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        data-testid="download-data"
      >
        {t("downloadMyData")}
      </a>
      <details className="mt-6 border-t border-slate-200 pt-4" open={refused ? true : undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-red-700">{t("deleteTitle")}</summary>
        <div className="mt-3 space-y-3 text-sm text-slate-700">
          <p>{t("deleteIntro")}</p>
          <p>{t("deleteKept", { years: privacy.fiscalRetentionYears })}</p>
        </div>
        <Form method="post" className="mt-4 space-y-4" data-testid="delete-account-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="delete-account" />
          {privacy.confirmByEmail ? (
            <TextField
              label={t("deleteEmailLabel", { email })}
              name="email"
              type="email"
              className="max-w-md"
              autoComplete="off"
              required
              error={refused ? t(refused.problem) : undefined}
            />
          ) : (
            <TextField
              label={t("deletePasswordLabel")}
              name="password"
              type="password"
              className="max-w-md"
              autoComplete="current-password"
              required
              error={refused ? t(refused.problem) : undefined}
            />
          )}
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="inline-flex items-center justify-center rounded-lg bg-red-700 px-6 py-3 font-semibold text-white shadow-sm transition hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t("deleteConfirm")}
          </button>
        </Form>
      </details>
    </DashboardCard>
  );
}
