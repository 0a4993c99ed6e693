// The `test` payment provider's hosted checkout page (/payments/test-checkout). It stands in for
// Viva's Smart Checkout on the demo stores and in the end-to-end tests, so it looks and behaves
// like a provider's page: its own branding, the merchant and amount, a card form, Approve and
// Decline. On a decision it redirects the shopper back like Viva does
// (/payment-success?t=..&s=.. or /payment-failed?t=..&s=..) and, independently, delivers a
// Viva-style webhook to the shop's webhook URL, retrying until the shop answers 2xx.
import type { Context, Hono } from "hono";
import { escapeHtml } from "../../core/html";
import { formatEuro } from "../../core/money";
import { CARD_PAYMENT_UNAVAILABLE, testPaymentsAllowedOn } from "../../core/test-payments";
import { testProviderFor } from "../../services/payments";
import { TEST_CHECKOUT_PATH, type TestCheckoutParams } from "../../services/payments/test-provider";
import { CSRF_FIELD } from "./csrf";
import type { AppEnv } from "./env";
import { errorPage } from "./errors";

/** Delays between webhook attempts: like a provider, keep trying for a while. */
const WEBHOOK_RETRY_MS = [250, 2_000, 10_000, 60_000, 300_000];

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f7;color:#0f172a}
.top{background:#0b1f3a;color:#fff;padding:14px 20px;display:flex;align-items:center;justify-content:space-between;gap:12px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:18px;letter-spacing:.2px}
.logo{width:30px;height:30px;border-radius:8px;background:linear-gradient(135deg,#22d3ee,#6366f1);display:grid;place-items:center;font-size:15px}
.secure{font-size:13px;color:#cbd5e1;display:flex;align-items:center;gap:6px;white-space:nowrap}.secure svg{flex:none}
@media(max-width:420px){.secure span{display:none}.brand{font-size:16px}}
.banner{margin:0;background:#fef3c7;color:#78350f;border-bottom:1px solid #fcd34d;padding:10px 20px;font-size:14px;text-align:center}
.wrap{max-width:880px;margin:28px auto;padding:0 16px;display:grid;gap:20px;grid-template-columns:1fr;align-items:start}
@media(min-width:760px){.wrap{grid-template-columns:5fr 7fr}}
.card{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(15,23,42,.08),0 8px 24px rgba(15,23,42,.06);padding:22px}
.muted{color:#64748b;font-size:14px}.label{font-size:12px;text-transform:uppercase;letter-spacing:.08em;color:#64748b;margin:0 0 4px}
.amount{font-size:34px;font-weight:800;margin:6px 0 2px}.merchant{font-size:18px;font-weight:700;margin:0}
dl{margin:18px 0 0;display:grid;grid-template-columns:auto 1fr;gap:8px 14px;font-size:14px}dt{color:#64748b}dd{margin:0;word-break:break-all}
h1{font-size:20px;margin:0 0 14px}
.field{display:block;margin:0 0 14px}.field span{display:block;font-size:13px;font-weight:600;margin:0 0 6px;color:#334155}
.field input{width:100%;padding:11px 12px;border:1px solid #cbd5e1;border-radius:9px;font-size:16px;background:#f8fafc;color:#0f172a}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.btn{display:block;width:100%;border:0;border-radius:10px;padding:14px 16px;font-size:16px;font-weight:700;cursor:pointer}
.approve{background:#16a34a;color:#fff;margin:6px 0 10px}.approve:hover{background:#15803d}
.decline{background:#fff;color:#b91c1c;border:2px solid #fecaca}.decline:hover{background:#fef2f2}
.btn:focus-visible{outline:3px solid #6366f1;outline-offset:2px}
.foot{max-width:880px;margin:0 auto 32px;padding:0 16px;font-size:12px;color:#64748b;text-align:center}
.hint{font-size:13px;color:#475569;background:#f1f5f9;border-radius:8px;padding:10px 12px;margin:0 0 16px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex, nofollow"><link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%236366f1'/%3E%3Cpath d='M16 7l8 9-8 9-8-9z' fill='%23fff'/%3E%3C/svg%3E"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function checkoutPage(p: TestCheckoutParams, sig: string, csrf: string): string {
  const amount = formatEuro(p.amount);
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const fields = [
    hidden(CSRF_FIELD, csrf),
    hidden("ref", p.ref),
    hidden("amount", String(p.amount)),
    hidden("merchant", p.merchant),
    hidden("desc", p.description),
    hidden("email", p.email),
    hidden("name", p.name),
    hidden("sig", sig),
  ].join("");
  return page(
    `Pay ${amount} to ${p.merchant} | TestPay`,
    `<header class="top"><div class="brand"><span class="logo" aria-hidden="true">&#9670;</span>TestPay Checkout</div><div class="secure"><svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg><span>Secure payment page</span></div></header>
<p class="banner" role="note"><strong>Test payment provider.</strong> This page only simulates a card payment for demo stores and automated tests. No card is charged and no real money moves.</p>
<main class="wrap">
<section class="card" aria-labelledby="summary">
<p class="label" id="summary">You are paying</p>
<p class="merchant">${escapeHtml(p.merchant)}</p>
<p class="amount" data-testid="test-checkout-amount">${escapeHtml(amount)}</p>
<p class="muted">${escapeHtml(p.description)}</p>
<dl><dt>Payment code</dt><dd data-testid="test-checkout-ref">${escapeHtml(p.ref)}</dd>${p.name ? `<dt>Name</dt><dd>${escapeHtml(p.name)}</dd>` : ""}${p.email ? `<dt>Email</dt><dd>${escapeHtml(p.email)}</dd>` : ""}</dl>
</section>
<section class="card" aria-labelledby="pay">
<h1 id="pay">Card details</h1>
<p class="hint">Test card filled in for you. Choose <strong>Approve</strong> to simulate a successful payment or <strong>Decline</strong> to simulate a refused card.</p>
<form method="post" action="${TEST_CHECKOUT_PATH}">
${fields}
<label class="field"><span>Card number</span><input name="card" inputmode="numeric" autocomplete="off" value="4111 1111 1111 1111" readonly></label>
<div class="row"><label class="field"><span>Expiry</span><input name="exp" autocomplete="off" value="12/34" readonly></label><label class="field"><span>CVV</span><input name="cvv" autocomplete="off" value="123" readonly></label></div>
<label class="field"><span>Cardholder name</span><input name="holder" autocomplete="off" value="${escapeHtml(p.name || "Test Shopper")}" readonly></label>
<button class="btn approve" type="submit" name="decision" value="approve">Approve payment of ${escapeHtml(amount)}</button>
<button class="btn decline" type="submit" name="decision" value="decline">Decline payment</button>
</form>
</section>
</main>
<p class="foot">TestPay is the storefront's built-in test provider. It redirects you back to ${escapeHtml(p.merchant)} and notifies the shop like a real payment provider would.</p>`,
  );
}

function webhookBody(p: TestCheckoutParams, transactionId: string, approved: boolean) {
  return JSON.stringify({
    Url: "/api/v1/payments/webhook/test",
    EventTypeId: approved ? 1796 : 1798,
    Created: new Date().toISOString(),
    MessageId: crypto.randomUUID(),
    EventData: {
      TransactionId: transactionId,
      OrderCode: p.ref,
      StatusId: approved ? "F" : "E",
      Amount: p.amount / 100,
      Email: p.email,
      FullName: p.name,
      CurrencyCode: "978",
    },
  });
}

export interface TestCheckoutOptions {
  log?: { warn(o: object, m: string): void };
  retryMs?: number[];
}

/**
 * On a public host the page would let anyone approve their own payment: refused there unless
 * the store allows test payments (docs/decisions/0020).
 */
function refusedHere(c: Context<AppEnv>): Response | null {
  const store = c.var.store;
  if (store.secrets.paymentProvider !== "test") return null; // not a test store: the link is invalid
  if (testPaymentsAllowedOn(store.host, store.settings.allowTestPayments)) return null;
  c.var.log.error(
    { store: store.config.id, host: store.host },
    `test checkout refused for store ${store.config.id}: test payments are not allowed on ${store.host}`,
  );
  return c.html(errorPage("Payment not available", CARD_PAYMENT_UNAVAILABLE), 400);
}

export function registerTestCheckout(app: Hono<AppEnv>, options: TestCheckoutOptions = {}) {
  const retries = options.retryMs ?? WEBHOOK_RETRY_MS;

  /** Delivers the webhook through the app's full HTTP stack, as the provider's call would arrive. */
  function deliverWebhook(host: string, body: string, attempt = 0): void {
    const wait = retries[attempt];
    if (wait === undefined) {
      options.log?.warn({ host }, "test provider: webhook not accepted after all retries");
      return;
    }
    const timer = setTimeout(async () => {
      let ok = false;
      try {
        const res = await app.fetch(
          new Request(`http://${host}/api/v1/payments/webhook/test`, {
            method: "POST",
            headers: { host, "content-type": "application/json", "user-agent": "TestPay-Webhook/1.0" },
            body,
          }),
        );
        ok = res.ok;
        await res.body?.cancel();
      } catch {
        ok = false;
      }
      if (!ok) deliverWebhook(host, body, attempt + 1);
    }, wait);
    timer.unref?.();
  }

  app.get(TEST_CHECKOUT_PATH, (c) => {
    const refused = refusedHere(c);
    if (refused) return refused;
    const provider = testProviderFor(c.var.store);
    const params = provider?.readCheckout(new URL(c.req.url).searchParams) ?? null;
    if (!provider || !params) {
      return c.html(
        errorPage(
          "Payment link not valid",
          "This payment link is not valid for this shop. Please go back to the shop and try again.",
        ),
        400,
      );
    }
    c.header("Cache-Control", "no-store");
    return c.html(
      checkoutPage(params, new URL(c.req.url).searchParams.get("sig") ?? "", c.var.session.csrfToken),
    );
  });

  app.post(TEST_CHECKOUT_PATH, async (c) => {
    const refused = refusedHere(c);
    if (refused) return refused;
    const provider = testProviderFor(c.var.store);
    const form = await c.req.formData().catch(() => null);
    const q = new URLSearchParams();
    for (const key of ["ref", "amount", "merchant", "desc", "email", "name", "sig"]) {
      const v = form?.get(key);
      if (typeof v === "string") q.set(key, v);
    }
    // The posted facts must still carry the link's signature: an edited amount is refused.
    const params = provider?.readCheckout(q) ?? null;
    const decision = form?.get("decision");
    if (!provider || !params || (decision !== "approve" && decision !== "decline")) {
      return c.html(
        errorPage(
          "Payment link not valid",
          "This payment could not be processed. Please go back to the shop and try again.",
        ),
        400,
      );
    }
    const approved = decision === "approve";
    const transactionId = provider.decide(params, approved);
    const host = c.req.header("host") ?? c.var.store.host;
    deliverWebhook(host, webhookBody(params, transactionId, approved));
    const back = new URLSearchParams({
      t: transactionId,
      s: params.ref,
      lang: "en-GB",
      eventId: approved ? "0" : "10051",
      eci: "1",
    });
    return c.redirect(`${approved ? "/payment-success" : "/payment-failed"}?${back.toString()}`, 303);
  });
}
