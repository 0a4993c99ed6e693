// A fake Viva Wallet on loopback that follows Viva's documented requests and responses
// (developer.viva.com: Smart Checkout integration, create a payment order, retrieve transaction,
// webhook verification key, legacy transactions by order code). It checks what a real Viva
// checks (credentials, bearer token, required fields) and records every request for assertions.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeVivaOptions {
  clientId: string;
  clientSecret: string;
  merchantId: string;
  apiKey: string;
  sourceCode: string;
  webhookKey?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, without its "?". */
  query: string;
  headers: IncomingMessage["headers"];
  body: string;
}

interface FakeOrder {
  orderCode: string;
  amount: number;
  body: Record<string, unknown>;
}

interface FakeTransaction {
  id: string;
  orderCode: string;
  amountCents: number;
  statusId: string;
  email: string;
  fullName: string;
  merchantTrns: string;
  customerTrns: string;
}

export class FakeViva {
  readonly requests: RecordedRequest[] = [];
  readonly orders = new Map<string, FakeOrder>();
  readonly transactions = new Map<string, FakeTransaction>();
  private tokens = new Set<string>();
  private server: Server;
  private nextOrder = 9_876_543_210_987_654n; // above 2^53, as real order codes can be
  url = "";
  /** Refunds by idempotency key: a repeat answers the first (Viva's documented idempotency). */
  readonly refunds = new Map<string, { id: string; parent: string; amountCents: number }>();
  /** Answer every request with this status (simulates an outage). */
  failWith: number | null = null;

  constructor(readonly opts: FakeVivaOptions) {
    this.server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => this.handle(req, res, body));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  count(path: string): number {
    return this.requests.filter((r) => r.path === path).length;
  }

  /** The shopper pays (or fails to pay) the order on Viva's page: returns the transaction id. */
  pay(orderCode: string, statusId: "F" | "E" = "F", amountCents?: number): string {
    const order = this.orders.get(orderCode);
    if (!order) throw new Error(`no fake order ${orderCode}`);
    const customer = (order.body.customer ?? {}) as Record<string, string>;
    const id = randomUUID();
    this.transactions.set(id, {
      id,
      orderCode,
      amountCents: amountCents ?? order.amount,
      statusId,
      email: customer.email ?? "",
      fullName: customer.fullName ?? "",
      merchantTrns: String(order.body.merchantTrns ?? ""),
      customerTrns: String(order.body.customerTrns ?? ""),
    });
    return id;
  }

  /** A webhook body as Viva posts it for a transaction (EventTypeId 1796 / 1798). */
  webhookBody(transactionId: string): string {
    const t = this.transactions.get(transactionId);
    if (!t) throw new Error("no such transaction");
    return `{"Url":"https://shop.example/api/v1/payments/webhook/viva","EventData":{"Moto":false,"Email":${JSON.stringify(t.email)},"Phone":null,"BankId":"NET_VISA","TransactionId":"${t.id}","StatusId":"${t.statusId}","Amount":${(t.amountCents / 100).toFixed(2)},"OrderCode":${t.orderCode},"MerchantTrns":${JSON.stringify(t.merchantTrns)},"CustomerTrns":${JSON.stringify(t.customerTrns)},"CurrencyCode":"978","FullName":${JSON.stringify(t.fullName)},"SourceCode":"${this.opts.sourceCode}"},"Created":"${new Date().toISOString()}","CorrelationId":"${randomUUID()}","EventTypeId":${t.statusId === "F" ? 1796 : 1798},"Delay":null,"MessageId":"${randomUUID()}","RecipientId":"${randomUUID()}","MessageTypeId":512}`;
  }

  private send(res: ServerResponse, status: number, body: string | object) {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  private basicOk(req: IncomingMessage, user: string, pass: string): boolean {
    return req.headers.authorization === `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
  }

  private bearerOk(req: IncomingMessage): boolean {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    return m !== null && this.tokens.has(m[1]);
  }

  private handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? "/", this.url);
    this.requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: url.search.slice(1),
      headers: req.headers,
      body,
    });
    if (this.failWith) return this.send(res, this.failWith, { message: "Service unavailable" });
    const { opts } = this;

    if (req.method === "POST" && url.pathname === "/connect/token") {
      const form = new URLSearchParams(body);
      if (!this.basicOk(req, opts.clientId, opts.clientSecret))
        return this.send(res, 400, { error: "invalid_client" });
      if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
        return this.send(res, 400, { error: "invalid_request" });
      }
      if (form.get("grant_type") !== "client_credentials")
        return this.send(res, 400, { error: "unsupported_grant_type" });
      const token = `eyJ${randomUUID().replaceAll("-", "")}`;
      this.tokens.add(token);
      return this.send(res, 200, {
        access_token: token,
        expires_in: 3600,
        token_type: "Bearer",
        scope: "urn:viva:payments:core:api:redirectcheckout",
      });
    }

    if (req.method === "POST" && url.pathname === "/checkout/v2/orders") {
      if (!this.bearerOk(req)) return this.send(res, 401, "");
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(body);
      } catch {
        return this.send(res, 400, { message: "Invalid JSON" });
      }
      if (!Number.isInteger(json.amount) || (json.amount as number) < 30) {
        return this.send(res, 400, { status: 400, message: "Amount is invalid" });
      }
      if (json.sourceCode !== opts.sourceCode)
        return this.send(res, 403, { status: 403, message: "Invalid source code" });
      const orderCode = String(this.nextOrder++);
      this.orders.set(orderCode, { orderCode, amount: json.amount as number, body: json });
      // Raw text: the code is a JSON number, too long for a double.
      return this.send(res, 200, `{"orderCode":${orderCode}}`);
    }

    const tx = /^\/checkout\/v2\/transactions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && tx) {
      if (!this.bearerOk(req)) return this.send(res, 401, "");
      const t = this.transactions.get(tx[1]);
      if (!t) return this.send(res, 404, { status: 404, message: "Transaction not found" });
      return this.send(
        res,
        200,
        `{"email":${JSON.stringify(t.email)},"amount":${(t.amountCents / 100).toFixed(2)},"orderCode":${t.orderCode},"statusId":"${t.statusId}","fullName":${JSON.stringify(t.fullName)},"insDate":"${new Date().toISOString()}","cardNumber":"411111XXXXXX1111","currencyCode":"978","customerTrns":${JSON.stringify(t.customerTrns)},"merchantTrns":${JSON.stringify(t.merchantTrns)},"transactionTypeId":5,"recurringSupport":false,"totalInstallments":0,"cardCountryCode":"CY","cardIssuingBank":"TEST BANK","currentInstallment":0,"cardUniqueReference":"ABC","cardTypeId":0}`,
      );
    }

    // Cancel transaction (refund): DELETE /acquiring/v1/transactions/{id}?amount=&sourceCode=
    // &merchantTrns=&idempotencyKey=, Bearer; the answer names the new transaction.
    const cancel = /^\/acquiring\/v1\/transactions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "DELETE" && cancel) {
      if (!this.bearerOk(req)) return this.send(res, 401, "");
      const parent = this.transactions.get(cancel[1] ?? "");
      if (parent?.statusId !== "F")
        return this.send(res, 404, { status: 404, message: "Transaction not found" });
      const amount = Number(url.searchParams.get("amount"));
      const key = url.searchParams.get("idempotencyKey");
      const earlier = key ? this.refunds.get(key) : undefined;
      const answer = (id: string) =>
        this.send(res, 200, {
          TransactionId: id,
          StatusId: "F",
          ErrorCode: 0,
          ErrorText: "",
          TimeStamp: new Date().toISOString(),
        });
      if (earlier) return answer(earlier.id);
      const refunded = [...this.refunds.values()]
        .filter((r) => r.parent === parent.id)
        .reduce((sum, r) => sum + r.amountCents, 0);
      if (!Number.isInteger(amount) || amount < 1 || amount + refunded > parent.amountCents)
        return this.send(res, 400, { status: 400, message: "Amount is invalid", ErrorCode: 400 });
      const id = randomUUID();
      this.refunds.set(key ?? id, { id, parent: parent.id, amountCents: amount });
      return answer(id);
    }

    if (req.method === "GET" && url.pathname === "/api/messages/config/token") {
      if (!this.basicOk(req, opts.merchantId, opts.apiKey)) return this.send(res, 401, "");
      return this.send(res, 200, { Key: opts.webhookKey ?? "B3248222FDCD1885AEAFE51CCC1B5607F00903F6" });
    }

    if (req.method === "GET" && url.pathname === "/api/transactions") {
      if (!this.basicOk(req, opts.merchantId, opts.apiKey)) return this.send(res, 401, "");
      const code = url.searchParams.get("ordercode") ?? "";
      const list = [...this.transactions.values()].filter((t) => t.orderCode === code);
      const items = list.map(
        (t) =>
          `{"TransactionId":"${t.id}","StatusId":"${t.statusId}","Amount":${(t.amountCents / 100).toFixed(2)},"Order":{"OrderCode":${t.orderCode}},"InsDate":"${new Date().toISOString()}"}`,
      );
      return this.send(
        res,
        200,
        `{"Transactions":[${items.join(",")}],"ErrorCode":0,"ErrorText":null,"TimeStamp":"${new Date().toISOString()}","Success":true}`,
      );
    }

    return this.send(res, 404, { message: "Not found" });
  }
}
