// The back office's audit endpoints (contract): the log of every back-office write, newest first.
import { z } from "zod";
import { errorResponse } from "../common";
import { json } from "../endpoint";
import { auditRoutes as routes } from "./audit.routes";
import { adminEndpoint } from "./endpoint";

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31.")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Use a real date.");

export const AuditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  staffId: z.coerce.number().int().positive().optional(),
  entity: z.string().trim().max(60).optional(),
  action: z.string().trim().max(80).optional(),
  entityId: z.string().trim().max(120).optional(),
  /** The first day shown (UTC). */
  from: date.optional(),
  /** The last day shown (UTC), included. */
  to: date.optional(),
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  staffId: z.number().int().nullable(),
  staffEmail: z.string(),
  staffName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});

export const list = adminEndpoint(routes.list, {
  permission: "audit.read",
  tags: ["admin"],
  summary: "The audit log, newest first, paged and filtered",
  request: { query: AuditQuery },
  responses: {
    200: json(
      z.object({
        items: z.array(AuditEntrySchema),
        page: z.number().int(),
        limit: z.number().int(),
        total: z.number().int(),
      }),
      "One page of entries",
    ),
    400: errorResponse("A filter is not valid"),
  },
});

export const filters = adminEndpoint(routes.filters, {
  permission: "audit.read",
  tags: ["admin"],
  summary: "What the log's filters offer: the staff, and the entities and actions logged so far",
  responses: {
    200: json(
      z.object({
        staff: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
        entities: z.array(z.string()),
        actions: z.array(z.string()),
      }),
      "The choices",
    ),
  },
});
