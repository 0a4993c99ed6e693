// The outbox worker against a real SMTP server on loopback (smtp-server) on both drivers:
// retries with backoff, exactly-once delivery, crash recovery through the lease, permanent
// failures, concurrent workers, and the .eml fallback when no SMTP server is configured.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { enqueueMail } from "../../services/mail/outbox";
import { contactMail } from "../../services/mail/templates";
import { fileTransport, smtpTransport } from "../../services/mail/transport";
import { MailWorker } from "../../services/mail/worker";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";

const silent = { info() {}, warn() {}, error() {} };

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server that answers the next `refuse` deliveries with `code`. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { refuse: 0, code: 451 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.refuse > 0) {
          state.refuse--;
          const err = Object.assign(
            new Error(state.code >= 500 ? "Mailbox unavailable" : "Try again later"),
            {
              responseCode: state.code,
            },
          );
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(driversFor("both"))("mail outbox worker on %s", (driver) => {
  let platform: Platform;
  let store: StoreContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clock = new Date("2026-03-01T10:00:00Z");
  const now = () => clock;

  beforeAll(async () => {
    platform = await createPlatform(driver, { seed: "minimal" });
    const s = await platform.registry.byId("alpha");
    if (!s) throw new Error("no store alpha");
    store = s;
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await platform?.dispose();
  });
  afterEach(async () => {
    await store.db.delete(outbox);
    smtp.received.length = 0;
    smtp.state.refuse = 0;
    smtp.state.code = 451;
  });

  const worker = (extra: Partial<ConstructorParameters<typeof MailWorker>[0]> = {}) =>
    new MailWorker({
      stores: platform.registry,
      transport: smtpTransport(smtp.url),
      log: silent,
      now,
      ...extra,
    });

  const queue = async (n = 1) => {
    for (let i = 0; i < n; i++) {
      await enqueueMail(
        store.db,
        contactMail(store, "shop@alpha.example.com", {
          name: `Maria ${i}`,
          email: `maria${i}@example.com`,
          phone: "99123456",
          subject: `Question ${i}`,
          message: "Do you ship to Paphos?\nThanks",
        }),
      );
    }
    // Rows are due from the database's now(); put the test clock after it.
    clock = new Date(Date.now() + 1000);
  };

  const rows = () => store.db.select().from(outbox).orderBy(outbox.id);

  it("retries a refused mail with exponential backoff and delivers it exactly once", async () => {
    await queue();
    smtp.state.refuse = 2;
    const w = worker();
    const t0 = clock;

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    let [row] = await rows();
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeNull();
    expect(row.lockedUntil).toBeNull();
    expect(row.lastError).toMatch(/Try again later/);
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);

    // Not due yet: nothing is attempted.
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });

    clock = new Date(t0.getTime() + 31_000);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    [row] = await rows();
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);

    clock = new Date(clock.getTime() + 61_000);
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    [row] = await rows();
    expect(row.attempts).toBe(3);
    expect(row.sentAt).not.toBeNull();
    expect(row.lastError).toBeNull();

    clock = new Date(clock.getTime() + 3600_000);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(["shop@alpha.example.com"]);
    expect(mail.raw).toMatch(/Reply-To: maria0@example.com/);
    expect(mail.raw).toMatch(/Message-ID: <outbox-alpha-\d+@alpha.example.com>/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toContain("Do you ship to Paphos?");
    await w.stop();
  });

  it("picks up a mail whose worker crashed once its lease has passed", async () => {
    await queue();
    const leaseMs = 120_000;
    // A worker claimed the row and died before sending: the row keeps its lease.
    await store.db.execute(
      sql`update outbox set locked_until = ${new Date(clock.getTime() + leaseMs).toISOString()}, attempts = 1`,
    );
    const w = worker({ leaseMs });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    clock = new Date(clock.getTime() + leaseMs + 1);
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    const [row] = await rows();
    expect(row.attempts).toBe(2);
    expect(row.sentAt).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
    await w.stop();
  });

  it("stops retrying after a permanent rejection and after the attempt limit", async () => {
    await queue(2);
    const [first, second] = await rows();
    smtp.state.refuse = 1;
    smtp.state.code = 550;
    // Only the first row is due now.
    await store.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(clock.getTime() + 3600_000) })
      .where(eq(outbox.id, second.id));
    const w = worker({ maxAttempts: 3, backoffMs: () => 1000 });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    let [r1] = await rows();
    expect(r1.id).toBe(first.id);
    expect(r1.attempts).toBe(3);
    expect(r1.lastError).toMatch(/^permanent: /);

    // The second mail fails transiently until the limit.
    clock = new Date(clock.getTime() + 3600_000 + 1);
    smtp.state.refuse = 10;
    smtp.state.code = 421;
    for (let i = 0; i < 5; i++) {
      await w.runOnce();
      clock = new Date(clock.getTime() + 1001);
    }
    [r1] = await rows();
    const r2 = (await rows())[1];
    expect(r2.attempts).toBe(3);
    expect(r2.sentAt).toBeNull();
    expect(r1.sentAt).toBeNull();
    expect(smtp.received).toHaveLength(0);
    await w.stop();
  });

  it("delivers every mail once when two workers run at the same time", async () => {
    await queue(12);
    const a = worker({ batchSize: 5 });
    const b = worker({ batchSize: 5 });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ra.sent + rb.sent).toBe(12);
    expect(smtp.received).toHaveLength(12);
    const ids = smtp.received.map((m) => /Message-ID: (<[^>]+>)/.exec(m.raw)?.[1]);
    expect(new Set(ids).size).toBe(12);
    expect((await rows()).every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    await a.stop();
    await b.stop();
  });

  it("writes each mail as an .eml file when no SMTP server is configured", async () => {
    await queue();
    const dir = mkdtempSync(join(tmpdir(), "sf-mail-"));
    try {
      const w = new MailWorker({
        stores: platform.registry,
        transport: fileTransport(dir),
        log: silent,
        now,
      });
      expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
      const files = readdirSync(join(dir, "alpha"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/-contact-outbox-alpha-\d+_alpha_example_com\.eml$/);
      const eml = readFileSync(join(dir, "alpha", files[0]), "utf8");
      expect(eml).toMatch(/^Subject: \[Alpha Vapes Ltd\] New message from the contact form: Question 0/m);
      expect(eml).toMatch(/^To: shop@alpha.example.com/m);
      expect(eml).toMatch(/^From: "?Alpha Vapes Ltd"? <no-reply@alpha.example.com>/m);
      await w.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts, delivers on its own and stops cleanly", async () => {
    await queue(3);
    const w = worker({ pollMs: 50, now: () => new Date(Date.now() + 1000) });
    w.start();
    const deadline = Date.now() + 10_000;
    while (smtp.received.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await w.stop();
    expect(smtp.received).toHaveLength(3);
  });
});
