// Online payments: start (or restart) the provider payment of a pending order, verify a return
// (s/t), and the provider webhook (verified by asking the provider, never by trusting the body).
import { z } from "zod";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

const ProblemSchema = z.object({ error: z.string(), message: z.string() });
const problem = (description: string) => json(ProblemSchema, description);

export const start = endpoint(routes.payments.start, {
  tags: ["payments"],
  summary: "Create a payment order with the store's provider for one of the customer's pending orders",
  request: { body: jsonBody(z.object({ orderCode: z.string().min(1).max(40) })) },
  responses: {
    200: json(z.object({ redirectUrl: z.string(), paymentCode: z.string() }), "Where to send the shopper"),
    401: problem("Not signed in"),
    404: problem("No such order"),
    409: problem("The order does not wait for a payment, or its reservation has ended"),
    502: problem("Something bad happened; please try again later."),
  },
});

export const verify = endpoint(routes.payments.verify, {
  tags: ["payments"],
  summary:
    "Verify a payment with the provider (s = payment order code, t = transaction id) and confirm its order",
  request: { query: z.object({ s: z.string().min(1).max(64), t: z.string().max(512).optional() }) },
  responses: {
    200: json(
      z.object({
        status: z.enum(["paid", "already_paid", "not_paid", "unknown"]),
        orderCode: z.string().nullable(),
      }),
      "The payment's state",
    ),
    503: problem("The provider could not be reached"),
  },
});

const ProviderParam = z.object({ provider: z.enum(["viva", "test"]) });

export const webhookKey = endpoint(routes.payments.webhookKey, {
  tags: ["payments"],
  summary: "Webhook URL verification: answers { Key } as Viva expects",
  request: { params: ProviderParam },
  responses: {
    200: json(z.object({ Key: z.string() }), "The verification key"),
    404: problem("This store does not use that provider"),
    503: problem("The provider could not be reached"),
  },
});

export const webhook = endpoint(routes.payments.webhook, {
  tags: ["payments"],
  summary: "Provider notification (Viva-style EventTypeId/EventData); re-verified with the provider",
  request: { params: ProviderParam },
  responses: {
    200: json(z.object({ ok: z.boolean(), status: z.string(), detail: z.string() }), "Received"),
    400: problem("Not JSON"),
    503: problem("The provider could not be reached; retry later"),
  },
});
