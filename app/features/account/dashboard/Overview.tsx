// The dashboard's first tab: the legacy-account notice, a greeting, reward points (with pending
// ones), the order count, and the account details at a glance.
import { useTranslations } from "use-intl";
import { ACCOUNT_TEXT } from "../../../../core/validation/account";
import { LocalLink, useCoreText } from "../../../lib/localized";
import { DashboardCard } from "./DashboardCard";
import type { DashboardData, Tab } from "./types";

export function Overview({
  customer,
  points,
  pendingPoints,
  orders,
  onTab,
}: DashboardData & { onTab: (t: Tab) => void }) {
  const t = useTranslations("Account");
  const text = useCoreText();
  return (
    <div className="space-y-6">
      {customer.legacyAccount ? (
        <div
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="legacy-notice"
        >
          <p className="font-semibold">{t("welcomeNewShop")}</p>
          <p className="mt-1">{text(ACCOUNT_TEXT.legacyAfterLogin)}</p>
          <p className="mt-1" data-testid="password-change-required">
            {text(ACCOUNT_TEXT.passwordChangeRequired)}
          </p>
          <LocalLink
            to="?tab=account#change-password"
            className="mt-2 inline-block font-semibold underline underline-offset-2"
          >
            {t("chooseNewPassword")}
          </LocalLink>
        </div>
      ) : null}
      <p className="text-slate-700">
        {t.rich("hello", {
          name: `${customer.name} ${customer.surname}`.trim(),
          b: (chunks) => <strong className="text-slate-900">{chunks}</strong>,
        })}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {points !== null ? (
          <div
            className="rounded-2xl bg-gradient-to-br from-brand to-brand-dark p-5 text-white shadow-sm"
            data-testid="reward-points"
          >
            <p className="text-sm font-medium text-white/80">{t("rewardPoints")}</p>
            <p className="mt-1 text-3xl font-bold">{points}</p>
            <p className="mt-1 text-xs text-white/80">{t("pointsRedeem")}</p>
            {pendingPoints ? (
              <p className="mt-3 border-t border-white/20 pt-3 text-sm" data-testid="pending-points">
                <span className="font-semibold">{t("pendingPoints", { points: pendingPoints })}</span>
                <span className="block text-xs text-white/80">{t("pendingPointsNote")}</span>
              </p>
            ) : null}
          </div>
        ) : null}
        <button
          type="button"
          onClick={() => onTab("orders")}
          className="rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand"
        >
          <p className="text-sm font-medium text-slate-500">{t("tabOrders")}</p>
          <p className="mt-1 text-3xl font-bold text-slate-900">{orders.length}</p>
          <p className="mt-1 text-xs text-slate-500">{t("viewOrderHistory")}</p>
        </button>
      </div>
      <DashboardCard title={t("accountDetailsCard")}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="account-summary">
          <Detail label={t("name")} value={`${customer.name} ${customer.surname}`} />
          <Detail label={t("phone")} value={customer.phone} />
          <Detail label={t("email")} value={customer.email || "—"} />
          <Detail
            label={t("address")}
            value={[customer.street, customer.postcode, customer.city].filter(Boolean).join(", ")}
          />
          <Detail label={t("country")} value={customer.countryName} />
          {customer.company ? <Detail label={t("company")} value={customer.company} /> : null}
        </dl>
      </DashboardCard>
    </div>
  );
}

export function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}
