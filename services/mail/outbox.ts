// Mail is never sent inline: it is written to the store's outbox, in the caller's transaction
// when there is one, and delivered by the outbox worker with retries.

import type { Tx } from "../../db/client";
import { outbox } from "../../db/store/schema";
import type { StoreDb } from "../context";

export interface MailMessage {
  /** What the mail is for, e.g. 'password-reset', 'contact', 'order-company'. */
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post on newsletter mail. */
  headers?: Record<string, string>;
  /** The same key never queues a second mail (e.g. `order-paid:<code>:customer`). */
  dedupeKey?: string;
}

/** Queues a mail; returns false when a mail with the same dedupe key was queued before. */
export async function enqueueMail(db: StoreDb | Tx, msg: MailMessage): Promise<boolean> {
  const inserted = await db
    .insert(outbox)
    .values({
      kind: msg.kind,
      toAddress: msg.to,
      replyTo: msg.replyTo ?? null,
      subject: msg.subject,
      html: msg.html,
      text: msg.text,
      headers: msg.headers ?? null,
      dedupeKey: msg.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length > 0;
}
