// The integration API's change feed: orders and customers created or changed since a cursor, for
// an ERP that pulls. Each row carries the writing transaction's id and a sequence number (set by
// the `track_change` trigger); the feed only shows rows whose transaction is older than every
// transaction still running, so a transaction that commits late is never skipped behind a
// cursor. The cursor is opaque to the ERP: keep the `next` of each answer and send it back.
import { z } from "zod";
import { endpoint, json } from "../endpoint";
import { routes } from "../routes";
import { keyRefusals, problem, security } from "./common";
import { IntegrationCustomerSchema } from "./customers";
import { IntegrationOrderSchema } from "./orders";

/** A position in the feed: (transaction id, sequence), both non-negative 64-bit integers. */
export interface ChangeCursor {
  xid: bigint;
  seq: bigint;
}

const MAX_BIGINT = 2n ** 63n - 1n;
const PREFIX = "c1.";

export function encodeCursor(c: ChangeCursor): string {
  const text = `${PREFIX}${c.xid}.${c.seq}`;
  // base64url, written out so the browser and Node share it without Buffer.
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor in `text`, or null when it is not one this feed gave out. */
export function decodeCursor(text: string): ChangeCursor | null {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(text)) return null;
  let plain: string;
  try {
    plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const m = /^c1\.(0|[1-9]\d{0,18})\.(0|[1-9]\d{0,18})$/.exec(plain);
  if (!m) return null;
  const xid = BigInt(m[1] as string);
  const seq = BigInt(m[2] as string);
  if (xid > MAX_BIGINT || seq > MAX_BIGINT) return null;
  return { xid, seq };
}

export const ChangeSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("order"), record: IntegrationOrderSchema }),
    z.object({ type: z.literal("customer"), record: IntegrationCustomerSchema }),
  ])
  .meta({ id: "IntegrationChange" });

export const ChangesSchema = z
  .object({
    changes: z
      .array(ChangeSchema)
      .meta({ description: "Oldest change first; a record shows once per page, as it is now" }),
    next: z.string().meta({ description: "Opaque cursor: send it as `since` to read on" }),
    hasMore: z.boolean().meta({ description: "true: more changes are ready now, read on at once" }),
  })
  .meta({ id: "IntegrationChanges" });

export const changes = endpoint(routes.integration.changes, {
  tags: ["integration"],
  security,
  summary:
    "Orders and customers created or changed since the cursor, oldest change first (orders as GET /integration/orders shows them, customers as PUT /integration/customers answers them); without `since`, from the beginning. A change committed late by a slow transaction still comes after the cursor: keep `next` and send it back",
  request: {
    query: z.object({
      since: z
        .string()
        .max(200)
        .refine((s) => decodeCursor(s) !== null, "Not a cursor of this feed: send the `next` of an answer")
        .optional()
        .meta({ description: "The opaque `next` of the previous answer; left out: from the beginning" }),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
  },
  responses: {
    200: json(ChangesSchema, "A page of changes"),
    400: problem("A malformed cursor or limit"),
    ...keyRefusals,
  },
});
