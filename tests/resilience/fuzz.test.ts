// Bad input: every /api/v1 endpoint of the OpenAPI document fuzzed with fast-check (1,000 cases
// each by default; FUZZ_RUNS changes it): wrong types, huge strings, unicode, SQL and HTML
// payloads, bad JSON, odd content types, with and without a session, CSRF token and API key.
// -> never a 5xx, never a stack trace or an internal detail, never a secret in a response, and
// no row written by a request that was refused (4xx).
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PAYMENT_SECRETS, demoApiKey } from "../../db/seed/demo-accounts";
import * as s from "../../db/store/schema";
import { registerApiRoutes } from "../../server/api/index";
import { createApiRouter } from "../../server/api/router";
import { csrfTokenFor, sessionSecretSource } from "../../server/http/session";
import type { StoreContext, StoreDb } from "../../services/context";
import { rotateSession } from "../../services/sessions";
import { caseFor, type Endpoint, endpointsOf, type FuzzCase, type OpenApiDoc, urlFor } from "./helpers/fuzz";
import { Client, leaksInternals } from "./helpers/http";
import { type DemoPlatform, openDemoPlatform } from "./helpers/platform";

process.env.TRUST_PROXY = "1";
const RUNS = Number(process.env.FUZZ_RUNS || 1000);
const HOST = "localhost";

// The same document the server publishes at /api/docs (checked against it below).
const docInfo = { openapi: "3.1.0", info: { title: "Storefront API", version: "1.0.0" } };
const router = createApiRouter();
registerApiRoutes(router);
const staticDoc = router.getOpenAPI31Document(docInfo) as unknown as OpenApiDoc;
const ENDPOINTS = endpointsOf(staticDoc);

const SECRETS = [
  ...Object.values(DEMO_PAYMENT_SECRETS).flatMap((x) => [x.auth, x.sourceCode, x.altAuth]),
  "postgres://",
  "postgresql://",
  "$argon2",
];

/** A table counting every row written (rate-limit counters and session touches aside). */
async function installWriteCounter(db: StoreDb) {
  await db.execute(sql`create table fuzz_writes (n bigint not null)`);
  await db.execute(sql`insert into fuzz_writes values (0)`);
  await db.execute(
    sql.raw(`create function fuzz_count() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1; return null; end $$`),
  );
  const tables = (
    (await db.execute(
      sql`select tablename from pg_tables where schemaname = current_schema() and tablename not in ('fuzz_writes', 'rate_limits')`,
    )) as unknown as { rows: { tablename: string }[] }
  ).rows.map((r) => r.tablename);
  for (const t of tables) {
    const events = t === "sessions" ? "insert or delete" : "insert or update or delete";
    await db.execute(
      sql.raw(`create trigger fuzz_w after ${events} on "${t}" for each row execute function fuzz_count()`),
    );
  }
  return async () => {
    const r = (await db.execute(sql`select n from fuzz_writes`)) as unknown as {
      rows: { n: number | string }[];
    };
    return Number(r.rows[0]?.n ?? 0);
  };
}

describe("bad input on every /api/v1 endpoint", () => {
  let demo: DemoPlatform;
  let store: StoreContext;
  let writes: () => Promise<number>;
  let mint: () => Promise<{ cookie: string; csrf: string }>;
  let anonymous: Client;

  beforeAll(async () => {
    demo = await openDemoPlatform("fuzz");
    store = (await demo.registry.byId("main", HOST)) as StoreContext;
    writes = await installWriteCounter(store.db);
    const secret = await sessionSecretSource(demo.registry.control.db)();
    const [maria] = await store.db
      .select()
      .from(s.customers)
      .where(eq(s.customers.username, "maria@example.com"));
    // A signed-in session made the way sign-in makes one (no password hashing per endpoint).
    mint = async () => {
      const token = await rotateSession(store, null, {
        customerId: maria.id,
        data: {},
        csrfToken: (t) => csrfTokenFor(secret, "main", t),
      });
      return { cookie: `sid=${token}; age_verified=yes`, csrf: csrfTokenFor(secret, "main", token) };
    };
    anonymous = await new Client(demo.send, HOST).start();
  });
  afterAll(async () => demo?.dispose());

  it("fuzzes exactly the endpoints the server documents at /api/docs", async () => {
    const served = (await (await demo.send(HOST, "/api/docs")).json()) as OpenApiDoc;
    const key = (e: Endpoint) => `${e.method} ${e.path}`;
    expect(endpointsOf(served).map(key).sort()).toEqual(ENDPOINTS.map(key).sort());
    expect(ENDPOINTS.length).toBeGreaterThan(20);
  });

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))(
    `%s: ${RUNS} cases, no 5xx, no leak, no write on refusal`,
    async (_name, endpoint) => {
      let session = await mint();
      let written = await writes();
      // One address per endpoint, like one attacker: its rate limits apply as they would.
      const ip = `10.77.${ENDPOINTS.indexOf(endpoint) >> 8}.${ENDPOINTS.indexOf(endpoint) & 255}`;
      const statuses = new Map<number, number>();
      const property = fc.asyncProperty(caseFor(staticDoc, endpoint), async (c: FuzzCase) => {
        const headers: Record<string, string> = {
          accept: "application/json",
          "x-forwarded-for": ip,
        };
        if (c.signedIn) headers.cookie = session.cookie;
        else headers.cookie = [...anonymous.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
        if (endpoint.method !== "GET") {
          headers.origin = `http://${HOST}`;
          headers["content-type"] = c.contentType;
          if (c.csrf) headers["x-csrf-token"] = c.signedIn ? session.csrf : anonymous.csrf;
        }
        if (c.apiKey) headers["x-api-key"] = demoApiKey("main");
        const url = urlFor(endpoint, c);
        const res = await demo.send(HOST, url, {
          method: endpoint.method,
          headers,
          body: endpoint.method === "GET" ? undefined : c.body,
        });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const where = `${endpoint.method} ${url.slice(0, 300)} body ${String(c.body).slice(0, 300)} -> ${res.status} ${text.slice(0, 300)}`;
        if (res.status >= 500) throw new Error(`server error: ${where}`);
        const leak = leaksInternals(text);
        if (leak) throw new Error(`${leak} in response: ${where}`);
        for (const secret of SECRETS)
          if (text.includes(secret)) throw new Error(`secret ${secret} in response: ${where}`);
        const after = await writes();
        if (res.status >= 400 && after !== written) {
          throw new Error(`refused request wrote ${after - written} row(s): ${where}`);
        }
        written = after;
        // Signing out (or a changed password) ends the session: start a new one.
        if (
          res.status < 300 &&
          /\/auth\/(logout|login|register)|\/account\/(password|email)/.test(endpoint.path)
        ) {
          session = await mint();
          written = await writes();
        }
      });
      await fc.assert(property, { numRuns: RUNS, endOnFailure: true });
      // The cases reached the endpoints' own validation, not only the CSRF and auth gates.
      const answered = [...statuses.entries()].sort((a, b) => a[0] - b[0]);
      expect(answered.length, JSON.stringify(answered)).toBeGreaterThan(0);
    },
  );
});
