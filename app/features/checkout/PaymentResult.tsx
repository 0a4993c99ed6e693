// The pages the payment provider sends the shopper back to (spec sections 2, 4 and 8), drawn as
// the spec's popups: success ('Congrats your order is on the way!' / 'Online Payment Code: {id}'),
// the info 'Order already send successfully!', the errors, and the failed page.
import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { CHECKOUT_TEXT } from "../../../core/checkout";
import { formatEuro } from "../../../core/money";
import type { SuccessView } from "../../../services/orders/online-payment";
import { clearAfterOrder } from "./storage";

interface Shop {
  telephone: string;
  email: string;
}

export interface SuccessData {
  view: SuccessView;
  shop: Shop;
}

export interface FailedData {
  paymentCode: string | null;
  shop: Shop;
}

type Tone = "success" | "info" | "error";

const TONE: Record<Tone, { ring: string; icon: string; glyph: string }> = {
  success: { ring: "border-emerald-200", icon: "bg-emerald-600", glyph: "✓" },
  info: { ring: "border-sky-200", icon: "bg-sky-600", glyph: "i" },
  error: { ring: "border-red-200", icon: "bg-red-600", glyph: "!" },
};

function Panel({
  tone,
  title,
  children,
  testId,
}: {
  tone: Tone;
  title: string;
  children: React.ReactNode;
  testId: string;
}) {
  const t = TONE[tone];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div
        className={`rounded-2xl border ${t.ring} bg-white p-6 text-center shadow-lg sm:p-10`}
        role={tone === "error" ? "alert" : "status"}
        data-testid={testId}
      >
        <span
          className={`mx-auto grid h-16 w-16 place-items-center rounded-full ${t.icon} text-3xl font-bold text-white`}
          aria-hidden="true"
        >
          {t.glyph}
        </span>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-5 text-2xl font-bold text-slate-900 outline-none sm:text-3xl"
        >
          {title}
        </h1>
        <div className="mt-3 space-y-2 text-slate-600">{children}</div>
      </div>
    </section>
  );
}

function Buttons({
  primary,
  secondary,
}: {
  primary: { to: string; label: string };
  secondary?: { to: string; label: string };
}) {
  return (
    <div className="mt-7 flex flex-wrap justify-center gap-3">
      <Link
        to={primary.to}
        className="rounded-lg border border-transparent bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark"
      >
        {primary.label}
      </Link>
      {secondary ? (
        <Link
          to={secondary.to}
          className="rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-700 hover:bg-slate-50"
        >
          {secondary.label}
        </Link>
      ) : null}
    </div>
  );
}

function Contact({ shop }: { shop: Shop }) {
  if (!shop.telephone && !shop.email) return null;
  return (
    <p className="text-sm">
      {shop.telephone ? (
        <>
          Call{" "}
          <a
            className="font-medium text-brand hover:underline"
            href={`tel:${shop.telephone.replace(/\s+/g, "")}`}
          >
            {shop.telephone}
          </a>
        </>
      ) : null}
      {shop.telephone && shop.email ? " or write to " : shop.email ? "Write to " : null}
      {shop.email ? (
        <a className="font-medium text-brand hover:underline" href={`mailto:${shop.email}`}>
          {shop.email}
        </a>
      ) : null}
      .
    </p>
  );
}

export function PaymentSuccess({ view, shop }: SuccessData) {
  const revalidator = useRevalidator();
  const paid = view.kind !== "error";
  // The order is recorded: the cart and the checkout's stored choices go (spec section 4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit.
  useEffect(() => {
    if (!paid) return;
    clearAfterOrder();
    revalidator.revalidate();
  }, [paid]);

  if (view.kind === "success") {
    return (
      <Panel tone="success" title={CHECKOUT_TEXT.successTitle} testId="payment-success">
        <p className="text-lg font-medium text-slate-800" data-testid="payment-code">
          {CHECKOUT_TEXT.paymentCode(view.paymentCode)}
        </p>
        <p>
          Order <strong className="text-slate-900">{view.orderCode}</strong> · {formatEuro(view.totalCents)}{" "}
          paid
        </p>
        <p className="text-sm">A confirmation is on its way to your inbox.</p>
        <Buttons
          // A guest has no account to look in: the order's own page, which offers to make one.
          primary={
            view.orderUrl
              ? { to: view.orderUrl, label: "View your order" }
              : { to: "/shop/dashboard", label: "View my orders" }
          }
          secondary={{ to: "/", label: "Back to home" }}
        />
      </Panel>
    );
  }
  if (view.kind === "already") {
    return (
      <Panel tone="info" title={CHECKOUT_TEXT.alreadySentTitle} testId="payment-already">
        <p>{CHECKOUT_TEXT.alreadySentText}</p>
        <Buttons
          primary={{ to: "/", label: "Home" }}
          secondary={{ to: "/shop/dashboard", label: "My orders" }}
        />
      </Panel>
    );
  }
  return (
    <Panel tone="error" title={view.title} testId="payment-error">
      <p className="text-lg text-slate-800">{view.text}</p>
      <Contact shop={shop} />
      <Buttons
        primary={{ to: "/", label: "Home" }}
        secondary={{ to: "/pages/contact", label: "Contact Us" }}
      />
    </Panel>
  );
}

export function PaymentFailed({ paymentCode, shop }: FailedData) {
  return (
    <Panel tone="error" title={CHECKOUT_TEXT.paymentFailed} testId="payment-failed">
      <p>
        Your payment did not go through and nothing was charged for this attempt. Your cart is still here.
      </p>
      {paymentCode ? <p className="text-sm">Payment code: {paymentCode}</p> : null}
      <Contact shop={shop} />
      <Buttons
        primary={{ to: "/shop/cart", label: "Back to cart" }}
        secondary={{ to: "/pages/contact", label: "Contact Us" }}
      />
    </Panel>
  );
}
