// Viva Wallet Smart Checkout, as Viva documents it:
//   1. OAuth2 client credentials: POST {accounts}/connect/token (Basic client_id:client_secret,
//      grant_type=client_credentials) -> access_token.
//   2. Create a payment order: POST {api}/checkout/v2/orders (Bearer) with the amount in cents,
//      the customer, the store's payment source code -> { orderCode }.
//   3. Redirect the shopper to {checkout}/web/checkout?ref={orderCode}; Viva sends them back to
//      the source's success URL with s={orderCode}&t={transactionId}.
//   4. Verify: GET {api}/checkout/v2/transactions/{transactionId} (Bearer) -> statusId 'F' = paid.
//   5. Webhooks: Viva verifies the URL with a GET that must return { Key } obtained from
//      GET {checkout}/api/messages/config/token (Basic merchant_id:api_key); then it POSTs
//      events (1796 payment created, 1798 failed). Bodies are not signed, so every event is
//      re-verified through step 4.
//   The sweep also asks GET {checkout}/api/transactions?ordercode= (Basic) for orders whose
//   shopper never came back and whose webhook never arrived.
//   6. Refund ("Cancel transaction"): DELETE {api}/acquiring/v1/transactions/{transactionId}
//      ?amount={cents}&sourceCode=&merchantTrns=&idempotencyKey= (Bearer) cancels a same-day
//      payment or refunds a cleared one, fully or in part; the answer names the new transaction
//      (TransactionId, StatusId F when done, ErrorCode 0). The same idempotencyKey makes a
//      repeat answer the first refund instead of refunding again (docs/decisions/0056).
// The store's secrets (server only) map as: payment auth = "client_id:client_secret",
// payment source code = the 4-digit source, alternate auth = "merchant_id:api_key".
import type { StoreSecrets } from "../context";
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentProviderError,
  parseJsonKeepingBigInts,
  parseVivaStyleWebhook,
  type RefundOutcome,
  type RefundRequest,
  type TransactionStatus,
  type VerifiedTransaction,
} from "./provider";

export interface VivaEndpoints {
  /** OAuth2 token host, e.g. https://demo-accounts.vivapayments.com */
  accountsUrl: string;
  /** API host, e.g. https://demo-api.vivapayments.com */
  apiUrl: string;
  /** Checkout and legacy API host, e.g. https://demo.vivapayments.com */
  checkoutUrl: string;
}

export const VIVA_PRODUCTION: VivaEndpoints = {
  accountsUrl: "https://accounts.vivapayments.com",
  apiUrl: "https://api.vivapayments.com",
  checkoutUrl: "https://www.vivapayments.com",
};

export const VIVA_DEMO: VivaEndpoints = {
  accountsUrl: "https://demo-accounts.vivapayments.com",
  apiUrl: "https://demo-api.vivapayments.com",
  checkoutUrl: "https://demo.vivapayments.com",
};

/**
 * Viva's demo or production hosts, each of which can be replaced (a proxy, a fake in tests);
 * server/config.ts fills this in from VIVA_ENV and VIVA_ACCOUNTS_URL, VIVA_API_URL, VIVA_CHECKOUT_URL.
 */
export function vivaEndpoints(
  env: "demo" | "production",
  overrides: Partial<VivaEndpoints> = {},
): VivaEndpoints {
  const base = env === "production" ? VIVA_PRODUCTION : VIVA_DEMO;
  const pick = (v: string | undefined, fallback: string) => (v ? v.replace(/\/+$/, "") : fallback);
  return {
    accountsUrl: pick(overrides.accountsUrl, base.accountsUrl),
    apiUrl: pick(overrides.apiUrl, base.apiUrl),
    checkoutUrl: pick(overrides.checkoutUrl, base.checkoutUrl),
  };
}

const TIMEOUT_MS = 10_000;

function splitPair(value: string | null, what: string): [string, string] {
  const v = value?.trim() ?? "";
  const i = v.indexOf(":");
  if (i <= 0 || i === v.length - 1)
    throw new PaymentProviderError(`Viva ${what} is not configured for this store`);
  return [v.slice(0, i), v.slice(i + 1)];
}

function basic(user: string, pass: string): string {
  return `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
}

// Tokens are shared per client id and host: every request of a store reuses one until it expires.
const tokenCache = new Map<string, { token: string; expiresAt: number }>();

/** Viva transaction statusId -> ours. F = finalised (paid); A = in progress; the rest failed. */
function statusOf(statusId: unknown): TransactionStatus {
  if (statusId === "F") return "paid";
  if (statusId === "A") return "pending";
  return "failed";
}

function toCents(amount: unknown): number {
  const n = typeof amount === "number" ? amount : Number(amount);
  return Number.isFinite(n) ? Math.round(n * 100) : -1;
}

export function createVivaProvider(
  secrets: Pick<StoreSecrets, "paymentAuth" | "paymentSourceCode" | "paymentAltAuth">,
  endpoints: VivaEndpoints,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new PaymentProviderError(`Viva ${what}: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok)
      throw new PaymentProviderError(
        `Viva ${what} failed (HTTP ${res.status}) ${text.slice(0, 200)}`,
        res.status,
      );
    try {
      return text ? parseJsonKeepingBigInts(text) : null;
    } catch {
      throw new PaymentProviderError(`Viva ${what}: the answer is not JSON`);
    }
  }

  async function accessToken(): Promise<string> {
    const [clientId, clientSecret] = splitPair(secrets.paymentAuth, "payment auth (client id:secret)");
    const key = `${endpoints.accountsUrl}|${clientId}`;
    const cached = tokenCache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const body = (await call(
      `${endpoints.accountsUrl}/connect/token`,
      {
        method: "POST",
        headers: {
          authorization: basic(clientId, clientSecret),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      },
      "token",
    )) as { access_token?: string; expires_in?: number } | null;
    if (!body?.access_token) throw new PaymentProviderError("Viva token: no access_token in the answer");
    const lifetime = Math.max(60, Number(body.expires_in) || 3600);
    // Renew a minute early so a token never expires between our check and Viva's.
    tokenCache.set(key, { token: body.access_token, expiresAt: Date.now() + (lifetime - 60) * 1000 });
    return body.access_token;
  }

  async function bearer(url: string, init: RequestInit, what: string): Promise<unknown> {
    const token = await accessToken();
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    return call(url, { ...init, headers }, what);
  }

  function legacyAuth(): string {
    const [merchantId, apiKey] = splitPair(secrets.paymentAltAuth, "alternate auth (merchant id:api key)");
    return basic(merchantId, apiKey);
  }

  return {
    id: "viva",
    displayName: "Viva Wallet",

    async createOrder(input: CreatePaymentInput): Promise<CreatedPayment> {
      const sourceCode = secrets.paymentSourceCode?.trim();
      if (!sourceCode) throw new PaymentProviderError("Viva source code is not configured for this store");
      const body = (await bearer(
        `${endpoints.apiUrl}/checkout/v2/orders`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            amount: input.amountCents,
            customerTrns: input.description.slice(0, 2048),
            customer: {
              email: input.customer.email || undefined,
              fullName: input.customer.fullName,
              phone: input.customer.phone || undefined,
              countryCode: input.customer.countryCode || undefined,
              requestLang: input.requestLang ?? "en-GB",
            },
            paymentTimeout: input.timeoutSeconds,
            preauth: false,
            allowRecurring: false,
            maxInstallments: 0,
            paymentNotification: true,
            disableExactAmount: false,
            disableCash: true,
            disableWallet: false,
            sourceCode,
            merchantTrns: input.merchantReference,
            tags: ["web", input.method],
          }),
        },
        "create order",
      )) as { orderCode?: string | number } | null;
      const code = body?.orderCode !== undefined && body?.orderCode !== null ? String(body.orderCode) : "";
      if (!/^\d{6,}$/.test(code))
        throw new PaymentProviderError("Viva create order: no orderCode in the answer");
      return { providerOrderCode: code, redirectUrl: `${endpoints.checkoutUrl}/web/checkout?ref=${code}` };
    },

    async verifyTransaction(transactionId: string): Promise<VerifiedTransaction | null> {
      if (!/^[0-9a-fA-F-]{32,36}$/.test(transactionId)) return null;
      let body: Record<string, unknown> | null;
      try {
        body = (await bearer(
          `${endpoints.apiUrl}/checkout/v2/transactions/${transactionId}`,
          { method: "GET" },
          "retrieve transaction",
        )) as Record<string, unknown> | null;
      } catch (err) {
        if (err instanceof PaymentProviderError && err.status === 404) return null;
        throw err;
      }
      if (!body) return null;
      return {
        transactionId,
        providerOrderCode: String(body.orderCode ?? ""),
        amountCents: toCents(body.amount),
        status: statusOf(body.statusId),
        raw: body,
      };
    },

    async findTransactions(providerOrderCode: string): Promise<VerifiedTransaction[]> {
      if (!/^\d{6,}$/.test(providerOrderCode)) return [];
      let body: { Transactions?: Record<string, unknown>[] } | null;
      try {
        body = (await call(
          `${endpoints.checkoutUrl}/api/transactions?ordercode=${providerOrderCode}`,
          { method: "GET", headers: { authorization: legacyAuth() } },
          "transactions by order",
        )) as { Transactions?: Record<string, unknown>[] } | null;
      } catch (err) {
        if (err instanceof PaymentProviderError && err.status === 404) return [];
        throw err;
      }
      return (body?.Transactions ?? []).map((t) => ({
        transactionId: String(t.TransactionId ?? ""),
        providerOrderCode: String(
          (t.Order as { OrderCode?: unknown } | undefined)?.OrderCode ?? providerOrderCode,
        ),
        amountCents: toCents(t.Amount),
        status: statusOf(t.StatusId),
        raw: t,
      }));
    },

    async webhookVerificationKey(): Promise<string> {
      const body = (await call(
        `${endpoints.checkoutUrl}/api/messages/config/token`,
        { method: "GET", headers: { authorization: legacyAuth() } },
        "webhook key",
      )) as { Key?: string } | null;
      if (!body?.Key) throw new PaymentProviderError("Viva webhook key: no Key in the answer");
      return body.Key;
    },

    parseWebhook: parseVivaStyleWebhook,

    async refund(request: RefundRequest): Promise<RefundOutcome> {
      if (!/^[0-9a-fA-F-]{32,36}$/.test(request.transactionId))
        return { kind: "refused", message: "not a Viva transaction id" };
      const q = new URLSearchParams({
        amount: String(request.amountCents),
        merchantTrns: request.merchantReference.slice(0, 50),
        idempotencyKey: request.idempotencyKey,
      });
      const sourceCode = secrets.paymentSourceCode?.trim();
      if (sourceCode) q.set("sourceCode", sourceCode);
      let body: Record<string, unknown> | null;
      try {
        body = (await bearer(
          `${endpoints.apiUrl}/acquiring/v1/transactions/${request.transactionId}?${q.toString()}`,
          { method: "DELETE" },
          "refund",
        )) as Record<string, unknown> | null;
      } catch (err) {
        // Viva answered and refused (bad amount, refunds not allowed, no such transaction):
        // nothing was refunded. Anything else (no answer, 5xx, 401, 429) leaves it unknown.
        if (err instanceof PaymentProviderError && err.status && [400, 403, 404, 422].includes(err.status))
          return { kind: "refused", message: err.message };
        throw err;
      }
      const pick = (a: string, b: string) => body?.[a] ?? body?.[b];
      const errorCode = Number(pick("ErrorCode", "errorCode") ?? 0);
      const statusId = pick("StatusId", "statusId");
      const id = String(pick("TransactionId", "transactionId") ?? "");
      if (errorCode !== 0 || statusId === "E")
        return {
          kind: "refused",
          message: `Viva refund refused: ${String(pick("ErrorText", "errorText") ?? `error ${errorCode}`)}`,
        };
      if (!id || statusId !== "F")
        throw new PaymentProviderError(`Viva refund: unexpected answer (status ${String(statusId)})`);
      return { kind: "refunded", refundTransactionId: id, raw: body };
    },
  };
}

/** For tests: forget cached OAuth2 tokens. */
export function clearVivaTokenCache(): void {
  tokenCache.clear();
}
