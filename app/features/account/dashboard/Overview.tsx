// The dashboard's first tab: the legacy-account notice, a greeting, reward points (with pending
// ones), the order count, and the account details at a glance.
import { Link } from "react-router";
import { ACCOUNT_TEXT } from "../../../../core/validation/account";
import { DashboardCard } from "./DashboardCard";
import type { DashboardData, Tab } from "./types";

export function Overview({
  customer,
  points,
  pendingPoints,
  orders,
  onTab,
}: DashboardData & { onTab: (t: Tab) => void }) {
  return (
    <div className="space-y-6">
      {customer.legacyAccount ? (
        <div
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="legacy-notice"
        >
          <p className="font-semibold">Welcome to our new shop!</p>
          <p className="mt-1">{ACCOUNT_TEXT.legacyAfterLogin}</p>
          <p className="mt-1" data-testid="password-change-required">
            {ACCOUNT_TEXT.passwordChangeRequired}
          </p>
          <Link
            to="?tab=account#change-password"
            className="mt-2 inline-block font-semibold underline underline-offset-2"
          >
            Choose a new password
          </Link>
        </div>
      ) : null}
      <p className="text-slate-700">
        Hello <strong className="text-slate-900">{`${customer.name} ${customer.surname}`.trim()}</strong>.
        From your account dashboard you can view your recent orders, manage your address and change your email
        and password.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {points !== null ? (
          <div
            className="rounded-2xl bg-gradient-to-br from-brand to-brand-dark p-5 text-white shadow-sm"
            data-testid="reward-points"
          >
            <p className="text-sm font-medium text-white/80">Reward points</p>
            <p className="mt-1 text-3xl font-bold">{points}</p>
            <p className="mt-1 text-xs text-white/80">Available to redeem at checkout (1 point = €1).</p>
            {pendingPoints ? (
              <p className="mt-3 border-t border-white/20 pt-3 text-sm" data-testid="pending-points">
                <span className="font-semibold">Pending points: {pendingPoints}</span>
                <span className="block text-xs text-white/80">Credited when your orders are completed.</span>
              </p>
            ) : null}
          </div>
        ) : null}
        <button
          type="button"
          onClick={() => onTab("orders")}
          className="rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand"
        >
          <p className="text-sm font-medium text-slate-500">Orders</p>
          <p className="mt-1 text-3xl font-bold text-slate-900">{orders.length}</p>
          <p className="mt-1 text-xs text-slate-500">View your order history</p>
        </button>
      </div>
      <DashboardCard title="Account details">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="account-summary">
          <Detail label="Name" value={`${customer.name} ${customer.surname}`} />
          <Detail label="Phone" value={customer.phone} />
          <Detail label="Email" value={customer.email || "—"} />
          <Detail
            label="Address"
            value={[customer.street, customer.postcode, customer.city].filter(Boolean).join(", ")}
          />
          <Detail label="Country" value={customer.countryName} />
          {customer.company ? <Detail label="Company" value={customer.company} /> : null}
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
