// Schemas more than one API area uses.
import { z } from "zod";
import { json } from "./endpoint";

export const ErrorSchema = z
  .object({ error: z.string(), message: z.string() })
  .meta({ id: "Error", example: { error: "not_found", message: "Product not found" } });

export const errorResponse = (description: string) => json(ErrorSchema, description);

/** An order's customer as the shop's own API and the ERP/POS integration API both show it. */
export const OrderCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});

/** An order line (spec: order details hold product description and quantity), priced. */
export const OrderLineSchema = z.object({
  /** The line's own id: a shopper reviews a product from it (docs/decisions/0053). */
  lineId: z.number().int(),
  productId: z.number().int(),
  description: z.string(),
  qty: z.number().int(),
  unitPriceCents: z.number().int(),
  vatRate: z.number().int(),
  lineTotalCents: z.number().int(),
});
