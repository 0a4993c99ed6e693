// 'Notify me when product is available' (spec: SaveNotifyOutOfStock).
import { z } from "zod";
import { NOTIFY_EMAIL_MAX } from "../notify";
import { errorResponse } from "./common";
import { endpoint, json, jsonBody } from "./endpoint";
import { routes } from "./routes";

export const NotifyInputSchema = z
  .object({
    productId: z.number().int().positive(),
    email: z.string().max(NOTIFY_EMAIL_MAX * 2),
  })
  .meta({ id: "NotifyInput", example: { productId: 12, email: "maria@example.com" } });

const NotifyAnswerSchema = z
  .object({ status: z.enum(["stored", "notified"]), message: z.string() })
  .meta({ id: "NotifyAnswer" });

const WrongEmailSchema = z
  .object({ error: z.string(), title: z.string(), message: z.string() })
  .meta({ id: "NotifyWrongEmail" });

export const subscribe = endpoint(routes.notify.subscribe, {
  tags: ["catalog"],
  summary: "Ask for one mail when an out-of-stock product is back (one request per email and product)",
  request: { body: jsonBody(NotifyInputSchema) },
  responses: {
    200: json(NotifyAnswerSchema, "Stored (or mailed at once when in stock)"),
    400: json(WrongEmailSchema, "'Wrong email' / 'Please enter a valid email'"),
    403: errorResponse("Missing or invalid CSRF token"),
    404: errorResponse("No such product"),
    429: errorResponse("Too many requests from this address"),
  },
});
