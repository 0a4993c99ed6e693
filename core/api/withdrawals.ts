// The consumer's right of withdrawal (docs/decisions/0050): 'Confirm withdrawal' on an order's page
// records the withdrawal of the chosen lines and mails its acknowledgement.
import { z } from "zod";
import { WithdrawalInput } from "../withdrawal";
import { errorResponse } from "./common";
import { endpoint, json, jsonBody } from "./endpoint";
import { OrderProblemSchema } from "./orders";
import { routes } from "./routes";

export const WithdrawalResultSchema = z
  .object({
    code: z.string(),
    withdrawal: z.object({
      id: z.number().int(),
      createdAt: z.string(),
      lines: z.array(z.object({ description: z.string(), qty: z.number().int() })),
    }),
    /** The moment it was received, in the page's language and the shop's time zone. */
    receivedAt: z.string(),
    /** Where the acknowledgement went; null when the order has no email address. */
    email: z.string().nullable(),
  })
  .meta({ id: "WithdrawalResult" });

const problem = (description: string) => json(OrderProblemSchema, description);

export const withdraw = endpoint(routes.withdrawals.withdraw, {
  tags: ["orders"],
  summary:
    "Withdraw from an order (right of withdrawal): the signed-in customer's own order, or a guest's through its signed link (`sig`); the chosen lines and quantities; a repeat with the same idempotencyKey answers the first withdrawal",
  request: { params: z.object({ code: z.string().min(1).max(40) }), body: jsonBody(WithdrawalInput) },
  responses: {
    200: json(WithdrawalResultSchema, "Already recorded: the same idempotencyKey was confirmed before"),
    201: json(WithdrawalResultSchema, "Recorded; the acknowledgement is on its way"),
    400: problem("Invalid request, a line not open for withdrawal, or more than is left"),
    401: problem("Not signed in (and no signature)"),
    403: errorResponse("Missing or invalid CSRF token"),
    404: problem("No such order for this customer, or the signature does not match"),
    409: problem("Outside the withdrawal period, or nothing left to withdraw from"),
    429: problem("Too many attempts"),
  },
});

export type WithdrawalResult = z.output<typeof WithdrawalResultSchema>;
