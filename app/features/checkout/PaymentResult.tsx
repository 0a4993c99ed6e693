// The pages the payment provider sends the shopper back to (spec sections 2, 4 and 8), drawn as
// the spec's popups: success ('Congrats your order is on the way!' / 'Online Payment Code: {id}'),
// the info 'Order already send successfully!', the errors, and the failed page.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import { CHECKOUT_TEXT } from "../../../core/checkout";
import type { SuccessView } from "../../../services/orders/online-payment";
import { LocalLink, useCoreText, useMoney } from "../../lib/localized";
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
      <LocalLink
        to={primary.to}
        className="rounded-lg border border-transparent bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark"
      >
        {primary.label}
      </LocalLink>
      {secondary ? (
        <LocalLink
          to={secondary.to}
          className="rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-700 hover:bg-slate-50"
        >
          {secondary.label}
        </LocalLink>
      ) : null}
    </div>
  );
}

function Contact({ shop }: { shop: Shop }) {
  const t = useTranslations("Checkout");
  if (!shop.telephone && !shop.email) return null;
  const parts = {
    phone: shop.telephone,
    email: shop.email,
    tel: (chunks: React.ReactNode) => (
      <a
        className="font-medium text-brand hover:underline"
        href={`tel:${shop.telephone.replace(/\s+/g, "")}`}
      >
        {chunks}
      </a>
    ),
    mail: (chunks: React.ReactNode) => (
      <a className="font-medium text-brand hover:underline" href={`mailto:${shop.email}`}>
        {chunks}
      </a>
    ),
  };
  return (
    <p className="text-sm">
      {shop.telephone && shop.email
        ? t.rich("contactCallOrWrite", parts)
        : shop.telephone
          ? t.rich("contactCall", parts)
          : t.rich("contactWrite", parts)}
    </p>
  );
}

export function PaymentSuccess({ view, shop }: SuccessData) {
  const t = useTranslations("Checkout");
  const text = useCoreText();
  const euro = useMoney();
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
      <Panel tone="success" title={text(CHECKOUT_TEXT.successTitle)} testId="payment-success">
        <p className="text-lg font-medium text-slate-800" data-testid="payment-code">
          {t("onlinePaymentCode", { code: view.paymentCode })}
        </p>
        <p>
          {t.rich("orderPaid", {
            code: view.orderCode,
            amount: euro(view.totalCents),
            strong: (chunks) => <strong className="text-slate-900">{chunks}</strong>,
          })}
        </p>
        <p className="text-sm">{t("confirmationOnItsWay")}</p>
        <Buttons
          // A guest has no account to look in: the order's own page, which offers to make one.
          primary={
            view.orderUrl
              ? { to: view.orderUrl, label: t("viewYourOrder") }
              : { to: "/shop/dashboard", label: t("viewMyOrders") }
          }
          secondary={{ to: "/", label: t("backToHome") }}
        />
      </Panel>
    );
  }
  if (view.kind === "already") {
    return (
      <Panel tone="info" title={text(CHECKOUT_TEXT.alreadySentTitle)} testId="payment-already">
        <p>{text(CHECKOUT_TEXT.alreadySentText)}</p>
        <Buttons
          primary={{ to: "/", label: t("home") }}
          secondary={{ to: "/shop/dashboard", label: t("myOrders") }}
        />
      </Panel>
    );
  }
  return (
    <Panel tone="error" title={text(view.title)} testId="payment-error">
      <p className="text-lg text-slate-800">{text(view.text)}</p>
      <Contact shop={shop} />
      <Buttons
        primary={{ to: "/", label: t("home") }}
        secondary={{ to: "/pages/contact", label: t("contactUs") }}
      />
    </Panel>
  );
}

export function PaymentFailed({ paymentCode, shop }: FailedData) {
  const t = useTranslations("Checkout");
  const text = useCoreText();
  return (
    <Panel tone="error" title={text(CHECKOUT_TEXT.paymentFailed)} testId="payment-failed">
      <p>{t("paymentNotThrough")}</p>
      {paymentCode ? <p className="text-sm">{t("paymentCodeLine", { code: paymentCode })}</p> : null}
      <Contact shop={shop} />
      <Buttons
        primary={{ to: "/shop/cart", label: t("backToCart") }}
        secondary={{ to: "/pages/contact", label: t("contactUs") }}
      />
    </Panel>
  );
}
