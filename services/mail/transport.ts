// How a queued mail leaves the server: SMTP (nodemailer, `SMTP_URL`) in production, or, when
// no SMTP server is configured, one `.eml` file per mail under DATA_DIR/mail/<storeId>/ that a
// developer can open in any mail client. The outbox worker is the only caller.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";

export interface OutgoingMail {
  storeId: string;
  /** Stable per outbox row, so a receiver can recognise a re-delivery after a crash. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** Extra header fields the mail's kind needs (List-Unsubscribe on newsletter mail). */
  headers?: Record<string, string>;
  /** For file names only. */
  kind: string;
}

export interface SendResult {
  /** Where the mail went: the SMTP server's reply, or the file written. */
  detail: string;
}

export interface MailTransport {
  /** 'smtp' or 'file', for logs. */
  readonly kind: "smtp" | "file";
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): Promise<void>;
}

/** An error a retry cannot fix (the SMTP server answered 5xx): the worker stops retrying it. */
export function isPermanentMailError(err: unknown): boolean {
  const e = err as { permanent?: boolean; responseCode?: number } | null;
  if (!e) return false;
  if (typeof e.permanent === "boolean") return e.permanent;
  return typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
}

export function createMailTransport(opts: { smtpUrl: string | null; dataDir: string }): MailTransport {
  return opts.smtpUrl ? smtpTransport(opts.smtpUrl) : fileTransport(join(opts.dataDir, "mail"));
}

function toNodemailer(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: { ...mail.headers, "X-Storefront-Store": mail.storeId, "X-Storefront-Kind": mail.kind },
  };
}

export function smtpTransport(url: string): MailTransport {
  // Timeouts well below the worker's claim lease, so a hung server never lets a second
  // worker pick up a mail that is still being delivered.
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    kind: "smtp",
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail));
      return { detail: String(info.response ?? "accepted") };
    },
    async close() {
      transporter.close();
    },
  };
}

export function fileTransport(root: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(mail) {
      const info = await composer.sendMail(toNodemailer(mail));
      const dir = join(root, safeSegment(mail.storeId));
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const id = mail.messageId.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_|_$/g, "");
      const file = join(dir, `${stamp}-${safeSegment(mail.kind)}-${id}.eml`);
      // Written then renamed, so a reader never sees half a mail.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
      return { detail: file };
    },
    async close() {},
  };
}

function safeSegment(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 60) || "_";
}
