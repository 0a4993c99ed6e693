// The back office's customers endpoints (contract). No response ever carries a password, its
// hash or a token.
import { z } from "zod";
import {
  CUSTOMER_SORTS,
  CustomerEditInput,
  CustomerStatusInput,
  PointsAdjustInput,
} from "../../admin/customers";
import { errorResponse } from "../common";
import { json, jsonBody } from "../endpoint";
import { customersRoutes as routes } from "./customers.routes";
import { adminEndpoint } from "./endpoint";

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

export const CustomerListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** Any part of the name, surname, username, email or phone. */
  q: z.string().trim().max(100).optional(),
  sort: z.enum(CUSTOMER_SORTS).default("created"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  /** A price list's id, or "none" for customers on the normal prices. */
  priceList: z.union([z.literal("none"), z.coerce.number().int().positive().max(2_147_483_647)]).optional(),
  vatExcluded: flag.optional(),
  /** active (default), deactivated, or all. */
  status: z.enum(["active", "deactivated", "all"]).default("active"),
});

export const GuestBuyerListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** Any part of the name, email or phone a guest ordered with. */
  q: z.string().trim().max(100).optional(),
});

/** A guest buyer: everyone who ordered without an account under one email address. */
export const GuestBuyerRowSchema = z.object({
  email: z.string(),
  /** The name and phone of their latest order. */
  name: z.string(),
  phone: z.string().nullable(),
  ordersCount: z.number().int(),
  /** What their placed, paid and completed orders came to (cancelled and unpaid ones left out). */
  spentCents: z.number().int(),
  lastOrderAt: z.string(),
  lastOrderCode: z.string(),
});

export const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const PriceListOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const CustomerRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  country: z.string(),
  priceListId: z.number().int().nullable(),
  priceListName: z.string().nullable(),
  excludeVat: z.boolean(),
  deactivated: z.boolean(),
  pointsBalanceCents: z.number().int(),
  ordersCount: z.number().int(),
  createdAt: z.string(),
});

export const CustomerPointsSchema = z.object({
  balanceCents: z.number().int(),
  onHoldCents: z.number().int(),
  /** Balance less what unpaid orders hold: what the customer can spend now. */
  availableCents: z.number().int(),
  /** Earned by orders not completed yet: credited when they complete. */
  pendingCents: z.number().int(),
});

export const CustomerOrderSchema = z.object({
  code: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
  pointsEarnedCents: z.number().int(),
  pointsRedeemedCents: z.number().int(),
  createdAt: z.string(),
});

export const CustomerDetailSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  surname: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  vatNumber: z.string().nullable(),
  priceListId: z.number().int().nullable(),
  excludeVat: z.boolean(),
  deactivated: z.boolean(),
  legacyAccount: z.boolean(),
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  points: CustomerPointsSchema,
  ordersCount: z.number().int(),
  /** The latest 20 orders, newest first. */
  orders: z.array(CustomerOrderSchema),
  /** Send it back with an edit: a save on an older version is refused. */
  version: z.string(),
  priceLists: z.array(PriceListOption),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});

const detailResponse = json(CustomerDetailSchema, "The customer as saved");
const notFound = errorResponse("No such customer");

export const list = adminEndpoint(routes.list, {
  permission: "customers.read",
  tags: ["admin"],
  summary: "Customers, paged, sorted, searched and filtered",
  request: { query: CustomerListQuery },
  responses: {
    200: json(
      z.object({
        items: z.array(CustomerRowSchema),
        page: z.number().int(),
        limit: z.number().int(),
        total: z.number().int(),
        priceLists: z.array(PriceListOption),
      }),
      "One page of customers",
    ),
    400: errorResponse("A filter is not valid"),
  },
});

export const detail = adminEndpoint(routes.detail, {
  permission: "customers.read",
  tags: ["admin"],
  summary: "One customer: details, points and latest orders",
  request: { params: IdParams },
  responses: { 200: json(CustomerDetailSchema, "The customer"), 400: errorResponse("Bad id"), 404: notFound },
});

export const update = adminEndpoint(routes.update, {
  permission: "customers.write",
  tags: ["admin"],
  summary: "Edit a customer's details, price list and VAT exclusion",
  request: { params: IdParams, body: jsonBody(CustomerEditInput) },
  responses: {
    200: detailResponse,
    400: errorResponse("A field is not valid (details.fields names it)"),
    404: notFound,
    409: errorResponse("duplicate phone or email, or edit_conflict"),
  },
});

export const adjustPoints = adminEndpoint(routes.adjustPoints, {
  permission: "customers.write",
  tags: ["admin"],
  summary: "Add or take away points, with a reason",
  request: { params: IdParams, body: jsonBody(PointsAdjustInput) },
  responses: {
    200: detailResponse,
    400: errorResponse("A field is not valid"),
    404: notFound,
    409: errorResponse("The balance would fall below 0 or below the points held for unpaid orders"),
  },
});

export const setStatus = adminEndpoint(routes.setStatus, {
  permission: "customers.write",
  tags: ["admin"],
  summary: "Deactivate a customer (their sessions end) or reactivate them",
  request: { params: IdParams, body: jsonBody(CustomerStatusInput) },
  responses: {
    200: detailResponse,
    400: errorResponse("Invalid input"),
    404: notFound,
    409: errorResponse("Already so, edit_conflict, or the phone number is now another account's"),
  },
});

export const sendPasswordReset = adminEndpoint(routes.sendPasswordReset, {
  permission: "customers.write",
  tags: ["admin"],
  summary: "Mail the customer a password-reset link (the storefront's own mail)",
  request: { params: IdParams },
  responses: {
    200: json(z.object({ ok: z.literal(true), email: z.string() }), "Queued"),
    400: errorResponse("Bad id"),
    404: notFound,
    409: errorResponse("Deactivated, or no email to send to"),
  },
});

export const guests = adminEndpoint(routes.guests, {
  permission: "customers.read",
  tags: ["admin"],
  summary: "Guest buyers: who ordered without an account, one row per email, latest first",
  request: { query: GuestBuyerListQuery },
  responses: {
    200: json(
      z.object({
        items: z.array(GuestBuyerRowSchema),
        page: z.number().int(),
        limit: z.number().int(),
        total: z.number().int(),
      }),
      "One page of guest buyers",
    ),
    400: errorResponse("Bad filter"),
  },
});

export const csv = adminEndpoint(routes.csv, {
  permission: "customers.read",
  tags: ["admin"],
  summary:
    "Every customer the list's filters match (page and sort aside) as a CSV file, oldest account first; audited",
  request: { query: CustomerListQuery },
  responses: {
    200: {
      description:
        "text/csv with a header row: id, username, name, surname, company, email, email_confirmed, phone, street, postcode, city, country, vat_number, price_list, vat_excluded, deactivated, points_balance, orders, created_at",
      content: { "text/csv": { schema: z.string() } },
    },
    400: errorResponse("Bad filter"),
  },
});

// Access and erasure (GDPR Art. 15, 17, 20; docs/decisions/0051).

export const GuestEmailQuery = z.object({ email: z.email().max(320) });

const personalDataFile = {
  description:
    "application/json: the person's data section by section (docs/privacy-export.md), as a download; audited as a personal-data export",
  content: { "application/json": { schema: z.object({}).passthrough() } },
};

export const ErasedSchema = z.object({
  ok: z.literal(true),
  /** Orders kept for their fiscal data until the retention period ends. */
  ordersKept: z.number().int(),
});

export const personalData = adminEndpoint(routes.personalData, {
  permission: "customers.read",
  tags: ["admin"],
  summary: "Download a customer's personal data as JSON (audited)",
  request: { params: IdParams },
  responses: { 200: personalDataFile, 400: errorResponse("Bad id"), 404: notFound },
});

export const erase = adminEndpoint(routes.erase, {
  permission: "customers.write",
  tags: ["admin"],
  summary:
    "Erase a customer: the account and everything personal go at once; orders keep their fiscal data until the retention ends (audited without the data)",
  request: { params: IdParams },
  responses: { 200: json(ErasedSchema, "Erased"), 400: errorResponse("Bad id"), 404: notFound },
});

export const guestPersonalData = adminEndpoint(routes.guestPersonalData, {
  permission: "customers.read",
  tags: ["admin"],
  summary: "Download a guest buyer's personal data (their guest orders) as JSON (audited)",
  request: { query: GuestEmailQuery },
  responses: {
    200: personalDataFile,
    400: errorResponse("Not an email address"),
    404: errorResponse("No guest orders were placed with this email"),
  },
});

export const guestErase = adminEndpoint(routes.guestErase, {
  permission: "customers.write",
  tags: ["admin"],
  summary: "Erase a guest buyer: their guest orders' contact details go at once (audited without the data)",
  request: { body: jsonBody(GuestEmailQuery) },
  responses: {
    200: json(ErasedSchema, "Erased"),
    400: errorResponse("Not an email address"),
    404: errorResponse("No guest orders were placed with this email"),
  },
});
