// /shop/dashboard: overview with reward points, orders (code, date, total, lines), account
// details, email and password changes, and Sign Out.
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import {
  ACCOUNT_TEXT,
  checkAccountDetails,
  checkEmailChange,
  checkPasswordChange,
} from "../../../core/validation/account";
import { apiJson } from "../../lib/api-client";
import { formValues, SelectField, SubmitButton, TextField } from "../../ui/fields";
import { showPopup } from "../../ui/popup";
import { AccountPageHeader } from "./AccountPageHeader";
import type { CountryOption } from "./RegisterForm";
import { call, logout } from "./session-client";

export interface DashboardData {
  customer: {
    name: string;
    surname: string;
    company: string;
    email: string;
    username: string;
    phone: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
    countryName: string;
    legacyAccount: boolean;
    excludeVat: boolean;
  };
  points: string | null;
  /** Earned by orders not yet completed, e.g. "€1.99"; null when there are none. */
  pendingPoints: string | null;
  orders: {
    code: string;
    date: string;
    total: string;
    status: string;
    lines: { description: string; qty: number }[];
    /** An unpaid card order: the time until which it can still be paid; null when it cannot. */
    payUntil: string | null;
  }[];
  countries: CountryOption[];
}

type Tab = "dashboard" | "orders" | "account";
const TABS: { key: Tab; label: string }[] = [
  { key: "dashboard", label: "Dashboard" },
  { key: "orders", label: "Orders" },
  { key: "account", label: "Account Details" },
];

const STATUS: Record<string, string> = {
  pending_payment: "Awaiting payment",
  placed: "Placed",
  paid: "Paid",
  completed: "Completed",
  cancelled: "Cancelled",
  expired: "Payment not received: order cancelled",
};

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
          {tab === "orders" ? <Orders orders={data.orders} /> : null}
          {tab === "account" ? <AccountForms {...data} /> : null}
        </div>
      </section>
    </>
  );
}

function Card({
  title,
  children,
  testId,
  id,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  id?: string;
}) {
  return (
    <section
      id={id}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid={testId}
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Overview({
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
      <Card title="Account details">
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
      </Card>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function Orders({ orders }: { orders: DashboardData["orders"] }) {
  if (orders.length === 0) {
    return (
      <Card title="Orders" testId="orders">
        <p className="text-slate-600">No order has been made yet.</p>
      </Card>
    );
  }
  return (
    <Card title="Orders" testId="orders">
      <ul className="divide-y divide-slate-200">
        {orders.map((o) => (
          <li key={o.code} className="py-4 first:pt-0 last:pb-0" data-testid="order">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="font-semibold text-slate-900">
                Order <span data-testid="order-code">{o.code}</span>
              </p>
              <p className="text-lg font-bold text-slate-900" data-testid="order-total">
                {o.total}
              </p>
            </div>
            <p className="mt-0.5 text-sm text-slate-500">
              <span data-testid="order-date">{o.date}</span> · {STATUS[o.status] ?? o.status}
            </p>
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              {o.lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id here and never reorder
                <li key={i} className="flex justify-between gap-4" data-testid="order-line">
                  <span>{l.description}</span>
                  <span className="shrink-0 text-slate-500">× {l.qty}</span>
                </li>
              ))}
            </ul>
            {o.status === "pending_payment" ? <UnpaidOrder code={o.code} payUntil={o.payUntil} /> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** An order left at the payment page: pay it now or cancel it (stock and points released). */
function UnpaidOrder({ code, payUntil }: { code: string; payUntil: string | null }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const revalidator = useRevalidator();

  async function act(action: "pay" | "cancel") {
    setBusy(true);
    const r = await call(() =>
      apiJson<{ redirectUrl?: string }>(`/api/v1/orders/${encodeURIComponent(code)}/${action}`, {
        method: "POST",
      }),
    );
    if (r.ok && r.value.redirectUrl) {
      window.location.assign(r.value.redirectUrl);
      return;
    }
    setBusy(false);
    setConfirming(false);
    if (r.ok) showPopup({ icon: "success", title: "Order cancelled", text: `Order ${code} is cancelled.` });
    else showPopup({ icon: r.status >= 500 || r.status === 0 ? "error" : "warning", ...r.problem });
    await revalidator.revalidate();
  }

  const button =
    "rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";
  return (
    <div className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="order-unpaid">
      <p>
        {confirming
          ? "Cancel this order? Its items and any reward points you redeemed are released."
          : payUntil
            ? `Your items are reserved for you: pay by ${payUntil} to complete this order.`
            : "The time to pay for this order is over; it will be cancelled shortly."}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {confirming ? (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => act("cancel")}
              className={`${button} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`}
            >
              Yes, cancel order
            </button>
            <button
              type="button"
              disabled={busy}
              // The button that was pressed is gone: focus goes to the choice that changes nothing.
              ref={(el) => el?.focus()}
              onClick={() => setConfirming(false)}
              className={`${button} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand`}
            >
              Keep order
            </button>
          </>
        ) : (
          <>
            {payUntil ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => act("pay")}
                className={`${button} bg-brand text-white hover:bg-brand-dark focus-visible:outline-brand`}
              >
                Pay now
              </button>
            ) : null}
            <button
              type="button"
              disabled={busy}
              onClick={() => setConfirming(true)}
              className={`${button} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand`}
            >
              Cancel
            </button>
          </>
        )}
      </div>
    </div>
  );
}

function useSubmit() {
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  async function run<T>(
    fn: () => Promise<T>,
    success: string,
    after?: (form: HTMLFormElement) => void,
    form?: HTMLFormElement,
  ) {
    setBusy(true);
    const r = await call(fn);
    setBusy(false);
    if (r.ok) {
      showPopup({ icon: "success", title: success });
      if (form && after) after(form);
      await revalidator.revalidate();
    } else {
      showPopup({ icon: r.status >= 500 || r.status === 0 ? "error" : "warning", ...r.problem });
    }
  }
  return { busy, run };
}

function AccountForms({ customer, countries }: DashboardData) {
  const { hash } = useLocation();
  // A link to one of these forms (the legacy notice's) also switches the tab, and the router's
  // own scroll to the hash does not find the form then (seen in the browser tests).
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  const details = useSubmit();
  const email = useSubmit();
  const password = useSubmit();
  const codes = countries.map((c) => c.code);

  function saveDetails(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const input = {
      firstName: v.firstName ?? "",
      lastName: v.lastName ?? "",
      company: v.company ?? "",
      phone: v.phone ?? "",
      street: v.street ?? "",
      postcode: v.postcode ?? "",
      city: v.city ?? "",
      country: v.country ?? "",
    };
    const problem = checkAccountDetails(input, codes);
    if (problem) return showPopup({ icon: "info", ...problem });
    void details.run(
      () => apiJson("/api/v1/account", { method: "PUT", json: input }),
      "Account details updated successfully",
    );
  }

  function saveEmail(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const input = { email: v.email ?? "", password: v.password ?? "" };
    const problem = checkEmailChange(input);
    if (problem) return showPopup({ icon: "info", ...problem });
    void email.run(
      () => apiJson("/api/v1/account/email", { method: "PUT", json: input }),
      "Email updated successfully",
      (f) => {
        (f.elements.namedItem("password") as HTMLInputElement).value = "";
      },
      form,
    );
  }

  function savePassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const input = { current: v.current ?? "", password: v.password ?? "", confirm: v.confirm ?? "" };
    const problem = checkPasswordChange(input);
    if (problem) return showPopup({ icon: "info", ...problem });
    void password.run(
      () => apiJson("/api/v1/account/password", { method: "PUT", json: input }),
      ACCOUNT_TEXT.resetDone,
      (f) => f.reset(),
      form,
    );
  }

  return (
    <div className="space-y-6">
      <Card title="Account Details" testId="details-card">
        <form
          method="post"
          onSubmit={saveDetails}
          noValidate
          className="space-y-4"
          data-testid="details-form"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First Name"
              name="firstName"
              defaultValue={customer.name}
              autoComplete="given-name"
              required
            />
            <TextField
              label="Last Name"
              name="lastName"
              defaultValue={customer.surname}
              autoComplete="family-name"
              required
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Company Name (Optional)"
              name="company"
              defaultValue={customer.company}
              autoComplete="organization"
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              inputMode="numeric"
              defaultValue={customer.phone}
              autoComplete="tel"
              required
            />
          </div>
          <TextField
            label="Street address"
            name="street"
            defaultValue={customer.street}
            autoComplete="street-address"
            required
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Town / City"
              name="city"
              defaultValue={customer.city}
              autoComplete="address-level2"
              required
            />
            <TextField
              label="Postcode / ZIP"
              name="postcode"
              defaultValue={customer.postcode}
              autoComplete="postal-code"
              required
            />
            <SelectField
              label="Country"
              name="country"
              defaultValue={customer.country}
              autoComplete="country"
              required
              options={countries.map((c) => ({ value: c.code, label: c.name }))}
            />
          </div>
          <SubmitButton busy={details.busy}>Save Changes</SubmitButton>
        </form>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Change Email" testId="email-card">
          <form method="post" onSubmit={saveEmail} noValidate className="space-y-4" data-testid="email-form">
            <TextField
              label="Email address"
              name="email"
              type="email"
              defaultValue={customer.email}
              autoComplete="email"
              required
            />
            <TextField
              label="Current password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <SubmitButton busy={email.busy}>Update Email</SubmitButton>
          </form>
        </Card>
        <Card title="Change Password" testId="password-card" id="change-password">
          <form
            method="post"
            onSubmit={savePassword}
            noValidate
            className="space-y-4"
            data-testid="password-form"
          >
            <TextField
              label="Current password"
              name="current"
              type="password"
              autoComplete="current-password"
              required
            />
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              hint={ACCOUNT_TEXT.passwordHint}
              required
            />
            <TextField
              label="Confirm new password"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
            />
            <SubmitButton busy={password.busy}>Change Password</SubmitButton>
          </form>
        </Card>
      </div>
    </div>
  );
}
