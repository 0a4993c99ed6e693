// A loopback SMTP server (smtp-server) that records what it receives, can be taken down and
// brought back on the same port, and can answer with temporary failures.
import { createServer as createNetServer } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  messageId: string;
  subject: string;
  raw: string;
}

export interface Smtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Answer the next deliveries with 451 while > 0. */
  state: { tempFail: number };
  up(): Promise<void>;
  down(): Promise<void>;
}

/** A free loopback port (bound and released). */
export async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const address = s.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function header(raw: string, name: string): string {
  const m = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(raw);
  return m ? m[1].replace(/\r?\n[ \t]+/g, " ").trim() : "";
}

export async function createSmtp(port?: number): Promise<Smtp> {
  const received: ReceivedMail[] = [];
  const state = { tempFail: 0 };
  const p = port ?? (await freePort());
  let server: SMTPServer | null = null;
  const smtp: Smtp = {
    port: p,
    url: `smtp://127.0.0.1:${p}`,
    received,
    state,
    async up() {
      if (server) return;
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ["AUTH", "STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            if (state.tempFail > 0) {
              state.tempFail--;
              return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
            }
            const raw = Buffer.concat(chunks).toString("utf8");
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              messageId: header(raw, "Message-ID"),
              subject: header(raw, "Subject"),
              raw,
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        s.server.once("error", reject);
        s.listen(p, "127.0.0.1", () => resolve());
      });
      server = s;
    },
    async down() {
      const s = server;
      server = null;
      if (!s) return;
      // Open client connections are cut too: an outage, not a polite shutdown.
      for (const conn of (s as unknown as { connections: Set<{ close?: () => void }> }).connections ?? []) {
        conn.close?.();
      }
      await new Promise<void>((r) => s.close(() => r()));
    },
  };
  return smtp;
}
