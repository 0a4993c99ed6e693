// The checkout request, validated the same way wherever it arrives (API, page action, tests).
// Only ids, quantities and choices: every price, cost and stock figure is looked up on the server.
import { z } from "zod";
import { MAX_QTY } from "../cart";
import { NOTES_MAX, PAYMENT_METHODS } from "../checkout";
import { GuestContactInput } from "./account-schemas";

const id = z.number().int().positive().max(2_147_483_647);

export const CheckoutLineSchema = z.object({
  id,
  qty: z.number().int().min(1).max(MAX_QTY),
  /** A colour/size variant row of the product, when the line was chosen as one. */
  variantId: id.nullish(),
});

export const CHECKOUT_MAX_LINES = 200;

export const CheckoutQuoteSchema = z.object({
  lines: z.array(CheckoutLineSchema).min(1, "The cart is empty").max(CHECKOUT_MAX_LINES),
  shippingId: id.nullish(),
  redeemPointsCents: z.number().int().min(0).max(100_000_000).default(0),
  /** A guest's country (shipping methods and their costs follow it); ignored for a signed-in customer. */
  country: z.string().max(8).optional(),
});

export const CheckoutRequestSchema = CheckoutQuoteSchema.extend({
  shippingId: id,
  notes: z
    .string()
    .max(NOTES_MAX, `Notes can be at most ${NOTES_MAX} characters`)
    .default("")
    .transform((s) => s.replace(/\r\n?/g, "\n").trim()),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The total the shopper saw; when prices moved since, the order is refused with the new figures. */
  expectedTotalCents: z.number().int().min(0).optional(),
  /** A signed-out shopper ordering as a guest, where the store allows it: who and where. */
  guest: GuestContactInput.optional(),
});

export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
