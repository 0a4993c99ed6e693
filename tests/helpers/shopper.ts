// The shopper's side of the store API for integration tests: a cookie jar, the session's CSRF
// token and an address of its own per client, as a browser would send them.
import { expect } from "vitest";
import type { Platform } from "../fixtures/platform";

let nextIp = 1;

/** A shopper's browser against the store API: its cookies, its CSRF token, an address of its own. */
export class ShopperClient {
  cookies = new Map<string, string>();
  csrf = "";
  /** Each client is its own address, so the per-IP limits of one test do not spill over. */
  ip: string;
  /** `ipBlock`: the second number of its addresses, so that test files' per-IP limits stay apart. */
  constructor(
    readonly p: Platform,
    readonly host: string,
    ipBlock = 0,
  ) {
    this.ip = `10.${ipBlock}.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;
  }

  absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const token = res.headers.get("x-csrf-token");
    if (token) this.csrf = token;
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async req(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = {
      cookie: this.cookieHeader(),
      accept: "application/json",
      "x-forwarded-for": this.ip,
      ...extra,
    };
    if (method !== "GET") {
      headers.origin ??= `http://${this.host}`;
      if (!("x-csrf-token" in extra) && this.csrf) headers["x-csrf-token"] = this.csrf;
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await this.p.request(this.host, path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.absorb(res);
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, res, text };
  }

  /** First contact: gets a session cookie and the CSRF token. */
  async start() {
    const r = await this.req("GET", "/api/v1/auth/me");
    expect(r.status).toBe(200);
    this.csrf = r.json.csrfToken as string;
    return this;
  }

  login(username: string, password: string, remember = false) {
    return this.req("POST", "/api/v1/auth/login", { username, password, remember });
  }
}
