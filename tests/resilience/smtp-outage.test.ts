// SMTP outage: mail queued while the SMTP server is unreachable (connection refused), then
// answering 451 for a while, then healthy -> every queued mail is delivered exactly once, by
// two workers (two server instances) running at the same time after the recovery.
import { isNotNull, isNull } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Driver } from "../../db/client";
import * as s from "../../db/store/schema";
import type { StoreRegistry } from "../../server/tenancy/registry";
import type { StoreDb } from "../../services/context";
import { enqueueMail } from "../../services/mail/outbox";
import { smtpTransport } from "../../services/mail/transport";
import { MailWorker } from "../../services/mail/worker";
import { createPlatform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { Client, type Send } from "./helpers/http";
import { openDemoPlatform } from "./helpers/platform";
import { createSmtp, type Smtp } from "./helpers/smtp";

process.env.TRUST_PROXY = "1";
const QUEUED = 12;

interface Env {
  registry: StoreRegistry;
  storeId: string;
  host: string;
  send: Send;
  db: StoreDb;
  dispose(): Promise<void>;
}

async function openEnv(driver: Driver): Promise<Env> {
  if (driver === "pglite") {
    const demo = await openDemoPlatform("smtp");
    return {
      registry: demo.registry,
      storeId: "main",
      host: "localhost",
      send: demo.send,
      db: (await demo.registry.storeHandle("main")).db,
      dispose: demo.dispose,
    };
  }
  const p = await createPlatform(driver, { seed: "minimal" });
  return {
    registry: p.registry,
    storeId: "alpha",
    host: "alpha.localhost",
    send: async (host, path, init) => await p.request(host, path, init),
    db: (await p.registry.storeHandle("alpha")).db,
    dispose: p.dispose,
  };
}

describe.each(driversFor("both"))("SMTP outage on %s", (driver) => {
  let env: Env;
  let smtp: Smtp;
  const workers: MailWorker[] = [];
  const worker = () => {
    const w = new MailWorker({
      stores: env.registry,
      transport: smtpTransport(smtp.url),
      log: pino({ level: "silent" }),
      // Retries a few hundred milliseconds apart instead of 30 s, 1 min, ...: same code path.
      backoffMs: () => 300,
      pollMs: 100,
      batchSize: 3,
    });
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    env = await openEnv(driver);
    smtp = await createSmtp();
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await smtp?.down();
    await env?.dispose();
  });

  it("delivers every mail queued during the outage exactly once after recovery", async () => {
    // Queued while the SMTP port refuses connections.
    for (let i = 0; i < QUEUED; i++) {
      await enqueueMail(env.db, {
        kind: "resilience",
        to: `customer${i}@resilience.test`,
        subject: `Outage mail ${i}`,
        html: `<p>Mail ${i}</p>`,
        text: `Mail ${i}`,
        dedupeKey: `resilience:${i}`,
      });
    }
    let expected = QUEUED;
    if (driver === "pglite") {
      // And one through a real flow: the contact form of the demo store.
      const visitor = await new Client(env.send, env.host).start();
      const r = await visitor.json("POST", "/api/v1/contact", {
        name: "Outage Tester",
        email: "outage@resilience.test",
        phone: "99123456",
        subject: "During the outage",
        message: "Is my mail lost?",
      });
      expect(r.status, r.text).toBeLessThan(300);
      expected = (await env.db.select().from(s.outbox).where(isNull(s.outbox.sentAt))).length;
      expect(expected).toBeGreaterThan(QUEUED);
    }

    const first = worker();
    const down = await first.runOnce();
    expect(down.sent).toBe(0);
    expect(down.failed).toBeGreaterThan(0);
    const failed = await env.db.select().from(s.outbox).where(isNotNull(s.outbox.lastError));
    expect(failed.length).toBeGreaterThan(0);
    for (const row of failed) expect(row.sentAt).toBeNull();

    // A second round, still down: the mail stays queued, attempts grow.
    await new Promise((r) => setTimeout(r, 400));
    await first.runOnce();

    // The server comes back, first answering 451 (try again later), then healthy; two
    // workers deliver concurrently, as two server instances would.
    smtp.state.tempFail = 3;
    await smtp.up();
    const second = worker();
    first.start();
    second.start();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const left = await env.db.select({ id: s.outbox.id }).from(s.outbox).where(isNull(s.outbox.sentAt));
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await first.stop();
    await second.stop();

    const rows = await env.db.select().from(s.outbox);
    expect(rows.filter((r) => !r.sentAt).map((r) => `${r.kind} ${r.lastError}`)).toEqual([]);
    expect(rows).toHaveLength(expected);
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids).size, "no mail delivered twice").toBe(ids.length);
    expect(ids).toHaveLength(expected);
    for (const row of rows) {
      expect(
        ids.some((id) => id.startsWith(`<outbox-${env.storeId}-${row.id}@`)),
        `mail ${row.id}`,
      ).toBe(true);
    }
    expect(
      rows.some((r) => r.attempts >= 3),
      "retried through the outage",
    ).toBe(true);
  });
});
