// /shop/dashboard: overview with reward points, orders (code, date, total, lines), account
// details, email and password changes, and Sign Out. The tabs are in ./dashboard/.
import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { useTranslations } from "use-intl";
import { missingOrderDetails } from "../../../core/account";
import { useLanguage, useLocalNavigate } from "../../lib/localized";
import { AccountPageHeader } from "./AccountPageHeader";
import { AccountForms } from "./dashboard/AccountForms";
import { OrderList } from "./dashboard/OrderList";
import { Overview } from "./dashboard/Overview";
import type { DashboardData, Tab } from "./dashboard/types";
import { EmailProofNotice } from "./EmailProofNotice";
import { logout } from "./session-client";

const TABS = [
  { key: "dashboard", label: "tabDashboard" },
  { key: "orders", label: "tabOrders" },
  { key: "account", label: "tabAccountDetails" },
] as const satisfies readonly { key: Tab; label: string }[];

/** core/account.ts's labels of the missing details, as catalogue keys. */
const MISSING_KEYS = {
  "mobile phone": "missingMobilePhone",
  "street address": "missingStreetAddress",
  "town or city": "missingTownOrCity",
  country: "missingCountry",
} as const;

/** "Please add your mobile phone and country in My Account before you order." in the page's language. */
function useMissingDetailsText(): (missing: string[]) => string {
  const t = useTranslations("Account");
  const { lang } = useLanguage();
  return (missing) => {
    const names = missing.map((m) =>
      m in MISSING_KEYS ? t(MISSING_KEYS[m as keyof typeof MISSING_KEYS]) : m,
    );
    const list = new Intl.ListFormat(lang === "el" ? "el" : "en", { type: "conjunction" }).format(names);
    return t("missingDetails", { list });
  };
}

export function DashboardPage(data: DashboardData) {
  const [params, setParams] = useSearchParams();
  const raw = params.get("tab");
  const tab: Tab = raw === "orders" || raw === "account" ? raw : "dashboard";
  const t = useTranslations("Account");
  const missingDetailsText = useMissingDetailsText();
  // Awaited before the revalidation.
  const navigate = useLocalNavigate();
  const revalidator = useRevalidator();
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    setLeaving(true);
    await logout();
    await navigate("/");
    await revalidator.revalidate();
  }

  // An account made through Google or Facebook starts without phone and address.
  const missing = missingOrderDetails(data.customer);
  const select = (next: Tab) =>
    setParams(next === "dashboard" ? {} : { tab: next }, { preventScrollReset: true });

  return (
    <>
      <AccountPageHeader title={t("myAccount")} />
      <section className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[15rem_1fr] md:gap-10 md:py-12">
        <nav aria-label={t("accountNav")} className="md:sticky md:top-4 md:self-start">
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:flex md:flex-col md:gap-1">
            {TABS.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  aria-current={tab === item.key ? "page" : undefined}
                  onClick={() => select(item.key)}
                  className={`w-full whitespace-nowrap rounded-lg px-4 py-2.5 text-center text-sm font-semibold transition md:text-left ${
                    tab === item.key
                      ? "bg-brand text-white shadow-sm"
                      : "bg-slate-100 text-slate-700 hover:bg-slate-200 md:bg-transparent md:hover:bg-slate-100"
                  }`}
                >
                  {t(item.label)}
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
                {t("signOut")}
              </button>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">
          <EmailProofNotice {...data.emailProof} email={data.customer.email} />
          {missing.length > 0 ? (
            <p
              role="status"
              className="mb-5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              data-testid="details-missing"
            >
              {missingDetailsText(missing)}{" "}
              {tab !== "account" ? (
                <button
                  type="button"
                  onClick={() => select("account")}
                  className="font-semibold underline underline-offset-2"
                >
                  {t("addThemNow")}
                </button>
              ) : null}
            </p>
          ) : null}
          {tab === "dashboard" ? <Overview {...data} onTab={select} /> : null}
          {tab === "orders" ? <OrderList orders={data.orders} /> : null}
          {tab === "account" ? <AccountForms {...data} /> : null}
        </div>
      </section>
    </>
  );
}
