// /shop/dashboard: overview with reward points, orders (code, date, total, lines), account
// details, email and password changes, and Sign Out. The tabs are in ./dashboard/.
import { useState } from "react";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { AccountPageHeader } from "./AccountPageHeader";
import { AccountForms } from "./dashboard/AccountForms";
import { OrderList } from "./dashboard/OrderList";
import { Overview } from "./dashboard/Overview";
import type { DashboardData, Tab } from "./dashboard/types";
import { logout } from "./session-client";

const TABS: { key: Tab; label: string }[] = [
  { key: "dashboard", label: "Dashboard" },
  { key: "orders", label: "Orders" },
  { key: "account", label: "Account Details" },
];

export function DashboardPage(data: DashboardData) {
  const [params, setParams] = useSearchParams();
  const raw = params.get("tab");
  const tab: Tab = raw === "orders" || raw === "account" ? raw : "dashboard";
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    setLeaving(true);
    await logout();
    await navigate("/");
    await revalidator.revalidate();
  }

  const select = (t: Tab) => setParams(t === "dashboard" ? {} : { tab: t }, { preventScrollReset: true });

  return (
    <>
      <AccountPageHeader title="My Account" />
      <section className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[15rem_1fr] md:gap-10 md:py-12">
        <nav aria-label="Account" className="md:sticky md:top-4 md:self-start">
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:flex md:flex-col md:gap-1">
            {TABS.map((t) => (
              <li key={t.key}>
                <button
                  type="button"
                  aria-current={tab === t.key ? "page" : undefined}
                  onClick={() => select(t.key)}
                  className={`w-full whitespace-nowrap rounded-lg px-4 py-2.5 text-center text-sm font-semibold transition md:text-left ${
                    tab === t.key
                      ? "bg-brand text-white shadow-sm"
                      : "bg-slate-100 text-slate-700 hover:bg-slate-200 md:bg-transparent md:hover:bg-slate-100"
                  }`}
                >
                  {t.label}
                </button>
              </li>
            ))}
            <li className="md:mt-2 md:border-t md:border-slate-200 md:pt-2">
              <button
                type="button"
                onClick={signOut}
                disabled={leaving}
                className="w-full whitespace-nowrap rounded-lg bg-red-50 px-4 py-2.5 text-center text-sm font-semibold text-red-700 transition hover:bg-red-100 disabled:opacity-60 md:bg-transparent md:text-left md:hover:bg-red-50"
              >
                Sign Out
              </button>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">
          {tab === "dashboard" ? <Overview {...data} onTab={select} /> : null}
          {tab === "orders" ? <OrderList orders={data.orders} /> : null}
          {tab === "account" ? <AccountForms {...data} /> : null}
        </div>
      </section>
    </>
  );
}
