// HTTP for the resilience suite: a request function over loopback to a real server (with any
// Host header, which fetch cannot set), and a browser-like client with cookies and CSRF that
// works the same against a real server or the in-process Hono app.
import { request as httpRequest } from "node:http";

export type Send = (host: string, path: string, init?: RequestInit) => Promise<Response>;

/** A request to 127.0.0.1:port with the given Host; answers a standard Response. */
export function loopbackSend(port: number, timeoutMs = 15_000): Send {
  return (host, path, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((v, k) => {
        headers[k] = v;
      });
      headers.host = host;
      const body =
        init.body === undefined || init.body === null ? undefined : Buffer.from(init.body as string);
      if (body) headers["content-length"] = String(body.length);
      const req = httpRequest(
        { host: "127.0.0.1", port, path, method: init.method ?? "GET", headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (v === undefined) continue;
              for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
            }
            const status = res.statusCode ?? 0;
            const nullBody = status === 204 || status === 304 || (init.method ?? "GET") === "HEAD";
            resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: h }));
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${path}`)));
      req.on("error", reject);
      req.end(body);
    });
}

let nextIp = 1;
/** A distinct client address per visitor (the server believes X-Forwarded-For with TRUST_PROXY=1). */
export function nextClientIp(): string {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface JsonResult {
  status: number;
  json: Record<string, unknown>;
  text: string;
  res: Response;
}

/** Keeps cookies, sends Origin and the CSRF token like the storefront's own client code. */
export class Client {
  cookies = new Map<string, string>();
  csrf = "";
  ip = nextClientIp();

  constructor(
    readonly send: Send,
    readonly host = "localhost",
    readonly origin = `http://${host}`,
  ) {}

  absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      if (/max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, i));
      else this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const token = res.headers.get("x-csrf-token");
    if (token) this.csrf = token;
  }

  async raw(
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      "x-forwarded-for": this.ip,
      ...init.headers,
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (method !== "GET" && method !== "HEAD") {
      headers.origin ??= this.origin;
      if (init.csrf !== false && this.csrf) headers["x-csrf-token"] ??= this.csrf;
    }
    const res = await this.send(this.host, path, { method, headers, body: init.body, redirect: "manual" });
    this.absorb(res);
    return res;
  }

  async json(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean } = {},
  ): Promise<JsonResult> {
    const res = await this.raw(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      csrf: opts.csrf,
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, text, res };
  }

  /** Fetches the CSRF token for this visitor (and its session cookie). */
  async start(): Promise<this> {
    const me = await this.json("GET", "/api/v1/auth/me");
    if (me.status !== 200) throw new Error(`auth/me answered ${me.status}: ${me.text.slice(0, 200)}`);
    this.csrf = String(me.json.csrfToken ?? "");
    return this;
  }

  async signIn(username: string, password: string): Promise<this> {
    if (!this.csrf) await this.start();
    const r = await this.json("POST", "/api/v1/auth/login", { username, password, remember: false });
    if (r.status !== 200)
      throw new Error(`sign-in of ${username} answered ${r.status}: ${r.text.slice(0, 200)}`);
    return this;
  }
}

export async function until(check: () => Promise<boolean>, ms: number, stepMs = 100): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return check();
}

/** A response body that shows internals: a stack frame, a source path, a driver error. */
export function leaksInternals(text: string): string | null {
  const patterns: [RegExp, string][] = [
    [/\bat [\w.<>$]+ \((?:file:\/\/)?\/[^)]+:\d+:\d+\)/, "stack frame"],
    [/\n\s+at .+:\d+:\d+/, "stack frame"],
    [/node_modules\//, "node_modules path"],
    [/\/work\/|\/home\/|\/usr\/lib\//, "file system path"],
    [
      /\b(?:SQLSTATE|syntax error at or near|relation "\w+" does not exist|violates (?:unique|foreign key|check) constraint)\b/i,
      "database error",
    ],
    [/"stack"\s*:\s*"/, "stack property"],
  ];
  for (const [re, what] of patterns) if (re.test(text)) return what;
  return null;
}
