// The back office's dashboard (contract): sales today and over the last 7 days in the shop's time
// zone, the orders waiting for the shop, low stock in the web warehouse and, for roles that read
// the inbox, the newest inquiries (null for the others: the server leaves them out).
import { z } from "zod";
import { ORDER_STATUSES } from "../../admin/orders";
import { ADVERTISING_PARTS } from "../../advertising";
import { json } from "../endpoint";
import { dashboardRoutes as routes } from "./dashboard.routes";
import { adminEndpoint } from "./endpoint";

const Sales = z.object({ orders: z.number().int(), revenueCents: z.number().int() });

export const DashboardSchema = z.object({
  timeZone: z.string(),
  today: Sales.extend({ date: z.string() }),
  week: Sales.extend({
    from: z.string(),
    to: z.string(),
    days: z.array(Sales.extend({ date: z.string() })),
  }),
  waiting: z.object({
    count: z.number().int(),
    /** The oldest first: they have waited longest. */
    orders: z.array(
      z.object({
        code: z.string(),
        createdAt: z.string(),
        status: z.enum(ORDER_STATUSES),
        customerName: z.string(),
        totalCents: z.number().int(),
      }),
    ),
  }),
  lowStock: z.object({
    threshold: z.number().int(),
    warehouse: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    products: z.array(
      z.object({ id: z.number().int(), code: z.string(), name: z.string(), qty: z.number().int() }),
    ),
  }),
  /**
   * Set while the shop sells products whose advertising the law restricts and still promotes them
   * (core/advertising.ts): how many, and the parts left on. Null when nothing needs saying.
   */
  advertising: z
    .object({ restrictedProducts: z.number().int(), unrestricted: z.array(z.enum(ADVERTISING_PARTS)) })
    .nullable(),
  inquiries: z
    .array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        name: z.string(),
        email: z.string(),
        subject: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
});

export const summary = adminEndpoint(routes.summary, {
  permission: "self",
  tags: ["admin"],
  summary: "The dashboard: sales, orders waiting for action, low stock and the newest inquiries",
  responses: { 200: json(DashboardSchema, "The dashboard") },
});
