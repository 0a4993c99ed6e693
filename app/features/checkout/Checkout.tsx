// The checkout under the cart on /shop/cart. A visitor is asked to sign in or register (the cart
// stays). A signed-in customer sees the billing details, picks shipping, writes notes, redeems
// points, picks a payment method, and places the order. Every figure comes from the server's
// quote (/api/v1/orders/quote); the order itself is placed by /api/v1/orders, which recomputes
// all of it again.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import {
  CHECKOUT_TEXT,
  NOTES_MAX,
  PAYMENT_METHOD_ACTION,
  PAYMENT_METHOD_LABEL,
  type PaymentMethod,
  parseEuroInput,
} from "../../../core/checkout";
import { formatEuro } from "../../../core/money";
import { ApiError, apiJson } from "../../lib/api-client";
import { type RootData, useRootData } from "../../root-data";
import { showPopup } from "../../ui/popup";
import { openLoginModal } from "../account/login-modal";
import { useCart, useHydrated } from "../shop-state/store";
import {
  clearAfterOrder,
  readChoices,
  readPaymentMethod,
  saveNotes,
  savePaymentCode,
  savePaymentMethod,
  saveRedeemPoints,
  saveShipping,
  saveTotal,
} from "./storage";

interface Shipping {
  id: number;
  description: string;
  costCents: number;
}

interface Totals {
  goodsTotalCents: number;
  shippingCostCents: number;
  freeShipping: boolean;
  maxRedeemCents: number;
  pointsRedeemedCents: number;
  pointsEarnedCents: number;
  totalCents: number;
  vatText: string;
}

interface Quote {
  lines: {
    productId: number;
    variantId: number | null;
    description: string;
    qty: number;
    unitPriceCents: number;
    lineTotalCents: number;
    available: number;
  }[];
  shortages: { productId: number; description: string; available: number }[];
  shippingMethods: Shipping[];
  shipping: Shipping | null;
  totals: Totals;
  pointsEnabled: boolean;
  availablePointsCents: number;
  paymentMethods: PaymentMethod[];
  freeDeliveryTotalCents: number | null;
  billing: {
    name: string;
    surname: string;
    company: string | null;
    email: string;
    phone: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
  };
}

interface Placed {
  code: string;
  status: "placed" | "pending_payment";
  paymentMethod: PaymentMethod;
  totals: Totals;
  shipping: Shipping;
  lines: Quote["lines"];
  bankDetails: string | null;
  redirectUrl: string | null;
  paymentCode: string | null;
}

const METHOD_HINT: Record<PaymentMethod, string> = {
  cod: "Pay in cash when your order arrives.",
  card: "Pay now by card on the secure payment page.",
  bank: "We give you our bank details; we send your order when the transfer arrives.",
  wallet: "Pay now with your digital wallet on the secure payment page.",
};

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Card({ title, children, step }: { title: string; children: React.ReactNode; step?: number }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={id} className="mb-4 flex items-center gap-3 text-lg font-semibold text-slate-900">
        {step ? (
          <span
            className="grid h-7 w-7 flex-none place-items-center rounded-full bg-brand text-sm font-bold text-white"
            aria-hidden="true"
          >
            {step}
          </span>
        ) : null}
        {title}
      </h3>
      {children}
    </section>
  );
}

function SignInPrompt({ account }: { account?: RootData["account"] }) {
  const showSignin = account?.showSignin ?? true;
  const showSignup = account?.showSignup ?? true;
  return (
    <div
      className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-center sm:p-8"
      data-testid="checkout-signin"
    >
      <h2 className="text-xl font-bold text-slate-900">Checkout</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        Please sign in or register to place your order. Your cart is kept while you do.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {showSignin ? (
          <button
            type="button"
            onClick={() => openLoginModal()}
            className="rounded-lg border border-transparent bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark focus:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2"
          >
            Sign in
          </button>
        ) : null}
        {showSignup ? (
          <Link
            to="/register"
            className="rounded-lg border border-brand px-6 py-3 font-semibold text-brand hover:bg-brand hover:text-white"
          >
            Register
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function Confirmation({ placed, companyEmail }: { placed: Placed; companyEmail?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 outline-none sm:p-8"
      data-testid="order-confirmation"
      role="status"
    >
      <div className="flex items-start gap-4">
        <span
          className="grid h-12 w-12 flex-none place-items-center rounded-full bg-emerald-600 text-2xl text-white"
          aria-hidden="true"
        >
          ✓
        </span>
        <div className="min-w-0">
          <h2 className="text-xl font-bold text-emerald-900">Thank you for your order!</h2>
          <p className="mt-1 text-emerald-900">
            Your order code is <strong data-testid="order-code">{placed.code}</strong>. A confirmation is on
            its way to your inbox.
          </p>
          <p className="mt-1 text-emerald-900">
            Total: <strong>{formatEuro(placed.totals.totalCents)}</strong> ·{" "}
            {PAYMENT_METHOD_LABEL[placed.paymentMethod]} · {placed.shipping.description}
          </p>
          {placed.paymentMethod === "cod" ? (
            <p className="mt-1 text-emerald-900">
              Please have {formatEuro(placed.totals.totalCents)} ready when your order arrives.
            </p>
          ) : null}
        </div>
      </div>
      {placed.paymentMethod === "bank" && placed.bankDetails ? (
        <div className="mt-5 rounded-lg border border-emerald-200 bg-white p-4" data-testid="bank-details">
          <h3 className="font-semibold text-slate-900">Bank details for your transfer</h3>
          <p className="mt-1 text-sm text-slate-600">
            Please transfer {formatEuro(placed.totals.totalCents)} and use <strong>{placed.code}</strong> as
            the reference.
          </p>
          <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm text-slate-800">
            {placed.bankDetails}
          </pre>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to="/shop/dashboard"
          className="rounded-lg border border-transparent bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
        >
          View my orders
        </Link>
        <Link
          to="/"
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
        >
          Continue shopping
        </Link>
      </div>
      {companyEmail ? (
        <p className="mt-4 text-xs text-emerald-800">Questions? Write to {companyEmail}.</p>
      ) : null}
    </div>
  );
}

export function Checkout() {
  const hydrated = useHydrated();
  const root = useRootData();
  const customer = root?.customer ?? null;
  const items = useCart();
  const revalidator = useRevalidator();

  const [shippingId, setShippingId] = useState<number | null>(null);
  const [notes, setNotes] = useState("");
  const [redeem, setRedeem] = useState("");
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [restored, setRestored] = useState(false);
  const [refresh, setRefresh] = useState(0);

  // The stored choices come back once the page runs in the browser.
  useEffect(() => {
    if (!hydrated || restored) return;
    const c = readChoices();
    setShippingId(c.shippingId);
    setNotes(c.notes);
    setRedeem(c.redeemPoints);
    setMethod((readPaymentMethod() as PaymentMethod | null) ?? null);
    setRestored(true);
  }, [hydrated, restored]);

  const redeemCents = parseEuroInput(redeem);
  const lines = useMemo(
    () => items.map((i) => ({ id: i.id, qty: i.qty, variantId: i.variantId ?? null })),
    [items],
  );
  const linesKey = JSON.stringify(lines);

  const customerId = customer?.id ?? null;
  // The server's quote, refreshed (debounced) whenever the cart or a priced choice changes;
  // `linesKey` stands for the lines (a new array on every cart render) and `refresh` forces one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (!restored || customerId === null || lines.length === 0 || placed) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const q = await apiJson<Quote>("/api/v1/orders/quote", {
          json: { lines, shippingId, redeemPointsCents: redeemCents ?? 0 },
          signal: controller.signal,
        });
        setQuote(q);
        setQuoteError(null);
      } catch (err) {
        if (controller.signal.aborted) return;
        setQuoteError(
          err instanceof ApiError ? err.message : "The checkout could not be loaded. Please try again.",
        );
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, 250);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [restored, customerId, linesKey, shippingId, redeemCents, placed, refresh]);

  // Defaults: the first shipping method and payment method the store offers.
  useEffect(() => {
    if (!quote) return;
    if (shippingId === null || !quote.shippingMethods.some((m) => m.id === shippingId)) {
      setShippingId(quote.shippingMethods[0]?.id ?? null);
    }
    if (method === null || !quote.paymentMethods.includes(method)) setMethod(quote.paymentMethods[0] ?? null);
  }, [quote, shippingId, method]);

  // The choices survive a reload (spec keys).
  useEffect(() => {
    if (!restored || placed) return;
    saveShipping(quote?.shipping ?? null);
    saveTotal(quote ? quote.totals.totalCents : null);
  }, [restored, quote, placed]);

  if (!hydrated) return null;
  if (placed) return <Confirmation placed={placed} />;
  if (items.length === 0) return null;
  if (!customer) return <SignInPrompt account={root?.account} />;

  const place = async () => {
    if (!quote || !method || !quote.shipping) return;
    if (quote.shortages.length > 0) {
      const s = quote.shortages[0];
      showPopup({
        icon: "warning",
        title: CHECKOUT_TEXT.outOfStockTitle,
        text: `${s.description}: ${CHECKOUT_TEXT.availableStock(s.available)}`,
      });
      return;
    }
    setPlacing(true);
    try {
      const result = await apiJson<Placed>("/api/v1/orders", {
        json: {
          lines,
          shippingId: quote.shipping.id,
          notes,
          redeemPointsCents: quote.totals.pointsRedeemedCents,
          paymentMethod: method,
          expectedTotalCents: quote.totals.totalCents,
        },
      });
      if (result.redirectUrl) {
        // Card and wallet: the order waits, stock reserved, while the shopper pays.
        savePaymentCode(result.paymentCode);
        window.location.assign(result.redirectUrl);
        return;
      }
      clearAfterOrder();
      setPlaced(result);
      revalidator.revalidate();
    } catch (err) {
      setPlacing(false);
      if (err instanceof ApiError) {
        const body = (err.body ?? {}) as {
          title?: string;
          message?: string;
          details?: { description?: string };
        };
        if (err.code === "out_of_stock") {
          const what = body.details?.description ? `${body.details.description}: ` : "";
          showPopup({
            icon: "warning",
            title: body.title ?? CHECKOUT_TEXT.outOfStockTitle,
            text: `${what}${err.message}`,
          });
        } else if (err.code === "payment_unavailable") {
          showPopup({ icon: "error", title: CHECKOUT_TEXT.paymentCodeError });
        } else if (err.code === "not_signed_in") {
          revalidator.revalidate();
        } else {
          showPopup({ icon: "error", title: CHECKOUT_TEXT.wentWrong, text: err.message });
        }
        // Whatever went wrong, show the current figures.
        setRefresh((n) => n + 1);
        return;
      }
      showPopup({
        icon: "error",
        title: CHECKOUT_TEXT.wentWrong,
        text: "Please check your connection and try again.",
      });
      return;
    }
    setPlacing(false);
  };

  const b = quote?.billing;
  const t = quote?.totals;
  const freeHint =
    quote?.freeDeliveryTotalCents && t && !t.freeShipping
      ? `Free delivery from ${formatEuro(quote.freeDeliveryTotalCents)} (add ${formatEuro(quote.freeDeliveryTotalCents - t.goodsTotalCents)} more).`
      : null;
  const redeemInvalid = redeem.trim() !== "" && redeemCents === null;
  const canPlace = Boolean(quote?.shipping && method && !loading && !placing && !redeemInvalid);

  return (
    <div data-testid="checkout">
      <h2 className="mb-5 text-2xl font-bold text-slate-900">Checkout</h2>
      {quoteError ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {quoteError}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-6">
          <Card title="Billing Details" step={1}>
            {b ? (
              <address
                className="space-y-0.5 text-sm not-italic text-slate-700"
                data-testid="billing-details"
              >
                <p className="font-semibold text-slate-900">
                  {b.name} {b.surname}
                  {b.company ? <span className="font-normal text-slate-600"> · {b.company}</span> : null}
                </p>
                <p>{b.street}</p>
                <p>
                  {b.postcode} {b.city}, {countryName(b.country)}
                </p>
                <p>
                  {b.phone}
                  {b.email ? <span className="break-all"> · {b.email}</span> : null}
                </p>
                <p className="pt-2">
                  <Link to="/shop/dashboard" className="text-sm font-medium text-brand hover:underline">
                    Change details in My Account
                  </Link>
                </p>
              </address>
            ) : (
              <p className="text-sm text-slate-500">Loading…</p>
            )}
          </Card>

          <Card title="Shipping" step={2}>
            {quote && quote.shippingMethods.length === 0 ? (
              <p className="text-sm text-red-700">
                We do not deliver to your country. Please contact the shop.
              </p>
            ) : null}
            <fieldset className="space-y-2">
              <legend className="sr-only">Shipping method</legend>
              {quote?.shippingMethods.map((m) => {
                const free = t?.freeShipping || m.costCents === 0;
                return (
                  <label
                    key={m.id}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand/5"
                  >
                    <input
                      type="radio"
                      name="shipping"
                      value={m.id}
                      checked={shippingId === m.id}
                      onChange={() => setShippingId(m.id)}
                      className="h-4 w-4 accent-brand"
                    />
                    <span className="flex-1 text-sm text-slate-800">{m.description}</span>
                    <span className="text-sm font-semibold text-slate-900">
                      {free ? (
                        <>
                          {m.costCents > 0 ? (
                            <s className="mr-1.5 font-normal text-slate-400">{formatEuro(m.costCents)}</s>
                          ) : null}
                          Free
                        </>
                      ) : (
                        formatEuro(m.costCents)
                      )}
                    </span>
                  </label>
                );
              })}
            </fieldset>
            {freeHint ? <p className="mt-3 text-xs text-slate-500">{freeHint}</p> : null}
            <div className="mt-5">
              <label htmlFor="checkout-notes" className="mb-1.5 block text-sm font-medium text-slate-700">
                Order notes <span className="font-normal text-slate-400">(optional)</span>
              </label>
              <textarea
                id="checkout-notes"
                name="notes"
                rows={3}
                maxLength={NOTES_MAX}
                value={notes}
                onChange={(e) => {
                  setNotes(e.target.value);
                  saveNotes(e.target.value);
                }}
                placeholder="Delivery instructions, a gift message…"
                className="block w-full rounded-lg border border-slate-300 px-3.5 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25"
              />
              <p className="mt-1 text-right text-xs text-slate-400">
                {notes.length}/{NOTES_MAX}
              </p>
            </div>
          </Card>

          {quote?.pointsEnabled ? (
            <Card title="Reward points" step={3}>
              <p className="text-sm text-slate-700">
                You have{" "}
                <strong data-testid="points-available">{formatEuro(quote.availablePointsCents)}</strong> in
                reward points.
                {t && t.maxRedeemCents < quote.availablePointsCents
                  ? ` You can use up to ${formatEuro(t.maxRedeemCents)} on this order.`
                  : ""}
              </p>
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <div>
                  <label
                    htmlFor="checkout-redeem"
                    className="mb-1.5 block text-sm font-medium text-slate-700"
                  >
                    Points to redeem (€)
                  </label>
                  <input
                    id="checkout-redeem"
                    name="redeemPoints"
                    inputMode="decimal"
                    autoComplete="off"
                    value={redeem}
                    disabled={quote.availablePointsCents === 0}
                    aria-invalid={redeemInvalid}
                    aria-describedby="checkout-redeem-hint"
                    onChange={(e) => {
                      setRedeem(e.target.value);
                      saveRedeemPoints(e.target.value);
                    }}
                    placeholder="0.00"
                    className="w-36 rounded-lg border border-slate-300 px-3.5 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25 disabled:bg-slate-50"
                  />
                </div>
                <button
                  type="button"
                  disabled={!t || t.maxRedeemCents === 0}
                  onClick={() => {
                    const v = t ? (t.maxRedeemCents / 100).toFixed(2) : "";
                    setRedeem(v);
                    saveRedeemPoints(v);
                  }}
                  className="rounded-lg border border-brand px-4 py-2.5 text-sm font-semibold text-brand hover:bg-brand hover:text-white disabled:cursor-not-allowed disabled:opacity-40"
                >
                  Use all
                </button>
              </div>
              <p
                id="checkout-redeem-hint"
                className={`mt-2 text-xs ${redeemInvalid ? "text-red-700" : "text-slate-500"}`}
              >
                {redeemInvalid
                  ? "Please type an amount like 5 or 5.50."
                  : t && redeemCents !== null && redeemCents > t.pointsRedeemedCents
                    ? `Only ${formatEuro(t.pointsRedeemedCents)} can be used on this order.`
                    : "Points you redeem are held with the order and used when it is completed."}
              </p>
            </Card>
          ) : null}

          <Card title="Payment" step={quote?.pointsEnabled ? 4 : 3}>
            <fieldset className="space-y-2">
              <legend className="sr-only">Payment method</legend>
              {quote?.paymentMethods.map((m) => (
                <label
                  key={m}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand/5"
                >
                  <input
                    type="radio"
                    name="payment"
                    value={m}
                    checked={method === m}
                    onChange={() => {
                      setMethod(m);
                      savePaymentMethod(m);
                    }}
                    className="mt-0.5 h-4 w-4 accent-brand"
                  />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">
                      {PAYMENT_METHOD_LABEL[m]}
                    </span>
                    <span className="block text-xs text-slate-500">{METHOD_HINT[m]}</span>
                  </span>
                </label>
              ))}
              {quote && quote.paymentMethods.length === 0 ? (
                <p className="text-sm text-red-700">
                  Online ordering is not available right now. Please contact the shop.
                </p>
              ) : null}
            </fieldset>
          </Card>
        </div>

        <aside className="h-fit lg:sticky lg:top-24" aria-labelledby="checkout-summary-title">
          <div
            className="rounded-xl border border-slate-200 bg-slate-50 p-5 shadow-sm sm:p-6"
            data-testid="checkout-summary"
          >
            <h3 id="checkout-summary-title" className="text-lg font-semibold text-slate-900">
              Your order
            </h3>
            <ul className="mt-4 divide-y divide-slate-200 text-sm">
              {(quote?.lines ?? []).map((l) => (
                <li
                  key={`${l.productId}:${l.variantId ?? ""}:${l.description}`}
                  className="flex justify-between gap-3 py-2"
                >
                  <span className="min-w-0 text-slate-700">
                    <span className="font-medium text-slate-900">{l.qty} ×</span> {l.description}
                    {l.available < l.qty ? (
                      <span className="block text-xs text-red-700">
                        {CHECKOUT_TEXT.availableStock(Math.max(0, l.available))}
                      </span>
                    ) : null}
                  </span>
                  <span className="whitespace-nowrap font-medium text-slate-900">
                    {formatEuro(l.lineTotalCents)}
                  </span>
                </li>
              ))}
            </ul>
            {t ? (
              <dl className="mt-3 space-y-2 border-t border-slate-200 pt-3 text-sm">
                <div className="flex justify-between">
                  <dt className="text-slate-600">Subtotal</dt>
                  <dd data-testid="summary-goods">{formatEuro(t.goodsTotalCents)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-slate-600">
                    Shipping{quote?.shipping ? ` (${quote.shipping.description})` : ""}
                  </dt>
                  <dd data-testid="summary-shipping" className="whitespace-nowrap">
                    {t.shippingCostCents === 0 ? "Free" : formatEuro(t.shippingCostCents)}
                  </dd>
                </div>
                {t.pointsRedeemedCents > 0 ? (
                  <div className="flex justify-between text-emerald-700">
                    <dt>Reward points</dt>
                    <dd data-testid="summary-points">−{formatEuro(t.pointsRedeemedCents)}</dd>
                  </div>
                ) : null}
                <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-bold text-slate-900">
                  <dt>Total</dt>
                  <dd data-testid="summary-total">{formatEuro(t.totalCents)}</dd>
                </div>
                <p className="text-xs text-slate-500" data-testid="summary-vat">
                  {t.vatText}
                </p>
                {t.pointsEarnedCents > 0 ? (
                  <p className="text-xs text-emerald-700">
                    You earn {formatEuro(t.pointsEarnedCents)} in reward points with this order, credited once
                    it is completed.
                  </p>
                ) : null}
              </dl>
            ) : (
              <p className="mt-3 text-sm text-slate-500" aria-busy="true">
                Calculating…
              </p>
            )}
            <button
              type="button"
              onClick={place}
              disabled={!canPlace}
              data-testid="place-order"
              className="mt-5 w-full rounded-lg bg-accent px-5 py-3.5 text-base font-bold text-slate-900 shadow-sm hover:brightness-95 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {placing ? "Please wait…" : method ? PAYMENT_METHOD_ACTION[method] : "Place order"}
            </button>
            {method === "card" || method === "wallet" ? (
              <p className="mt-2 text-center text-xs text-slate-500">
                You will be taken to the secure payment page.
              </p>
            ) : null}
          </div>
        </aside>
      </div>
    </div>
  );
}
