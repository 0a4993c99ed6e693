// Back-office test helpers: staff accounts straight into a store database, and a browser-like
// client for /admin/api (keeps the cookies, sends Origin and the staff session's CSRF token).
import { expect } from "vitest";
import type { StaffRole } from "../../core/admin/permissions";
import { staff } from "../../db/store/schema";
import type { StaffActor } from "../../services/admin/audit";
import { hashPassword } from "../../services/auth/password";
import type { Platform } from "../fixtures/platform";

export const STAFF_PASSWORD = "Quiet-Harbour-Lamp-42";

/** An owner as the back-office services see one, for tests that call them directly. */
export const ownerActor = (name: string, email: string): StaffActor => ({
  id: 1,
  name,
  role: "owner",
  email,
  ip: null,
});

const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
};

/** Creates a member of staff in a store's database and answers its id. */
export async function addStaff(
  p: Platform,
  storeId: string,
  member: { email: string; role: StaffRole; name?: string; password?: string },
): Promise<number> {
  const handle = await p.registry.storeHandle(storeId);
  const rows = await handle.db
    .insert(staff)
    .values({
      email: member.email,
      name: member.name ?? member.email.split("@")[0] ?? "Staff",
      role: member.role,
      passwordHash: await hashOf(member.password ?? STAFF_PASSWORD),
    })
    .returning({ id: staff.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error("staff insert returned nothing");
  return id;
}

let nextIp = 1;

export interface AdminResponse<T = Record<string, unknown>> {
  status: number;
  json: T;
  res: Response;
  text: string;
}

export class AdminClient {
  cookies = new Map<string, string>();
  csrf = "";
  /** Each client is its own address, so the per-IP limits of one test do not spill over. */
  ip = `10.9.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;

  constructor(
    readonly p: Platform,
    readonly host: string,
  ) {}

  private absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const token = res.headers.get("x-csrf-token");
    if (token) this.csrf = token;
  }

  /** A request to /admin/api + path, as the back office's client sends it. */
  async req<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<AdminResponse<T>> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      accept: "application/json",
      "x-forwarded-for": this.ip,
      ...extra,
    };
    if (method !== "GET") {
      headers.origin ??= `http://${this.host}`;
      if (!("x-csrf-token" in extra) && this.csrf) headers["x-csrf-token"] = this.csrf;
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const res = await this.p.request(this.host, `/admin/api${path}`, { method, headers, body: payload });
    this.absorb(res);
    const text = await res.text();
    let json = {} as T;
    try {
      json = JSON.parse(text) as T;
    } catch {}
    return { status: res.status, json, res, text };
  }

  /** First contact: the cookie and the CSRF token. */
  async start(): Promise<this> {
    const r = await this.req<{ csrfToken: string }>("GET", "/session");
    expect(r.status).toBe(200);
    this.csrf = r.json.csrfToken;
    return this;
  }

  signIn(email: string, password = STAFF_PASSWORD, code?: string) {
    return this.req("POST", "/session", { email, password, ...(code ? { code } : {}) });
  }
}

/** A client signed in as the given member of staff (created first when `role` is given). */
export async function signedInStaff(
  p: Platform,
  host: string,
  storeId: string,
  member: { email: string; role: StaffRole },
): Promise<AdminClient> {
  await addStaff(p, storeId, member);
  const client = await new AdminClient(p, host).start();
  const r = await client.signIn(member.email);
  expect(r.status, r.text).toBe(200);
  return client;
}
