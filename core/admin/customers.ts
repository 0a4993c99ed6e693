// The back office's customer forms: the zod shapes both the edit form (browser) and the API
// (server) validate with. The details follow the storefront's account rules
// (core/validation/account.ts): the same required fields, a digits-only mobile, the email format
// of the forgot-password form, and the store's own country list (checked by the server).
import { z } from "zod";
import { ACCOUNT_TEXT, FORGOT_EMAIL_PATTERN } from "../validation/account";

const required = (max: number) => z.string().trim().min(1, "Required").max(max, `At most ${max} characters`);
const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default("");

/** Edit of a customer's details, price list and VAT exclusion; `version` is the one read with the record. */
export const CustomerEditInput = z.object({
  firstName: required(80),
  lastName: required(80),
  company: optional(120),
  /** Empty only for an imported account that never had one. */
  email: z
    .string()
    .trim()
    .max(200, "At most 200 characters")
    .refine((v) => v === "" || FORGOT_EMAIL_PATTERN.test(v), ACCOUNT_TEXT.forgotFormat),
  phone: z.string().trim().max(30, "At most 30 characters").regex(/^\d+$/, ACCOUNT_TEXT.mobileDigits),
  street: required(200),
  postcode: required(20),
  city: required(100),
  country: required(8),
  vatNumber: optional(40),
  /** A price list's id, or null for the shop's normal prices. */
  priceListId: z.number().int().positive().max(2_147_483_647).nullable(),
  excludeVat: z.boolean(),
  version: z.string().min(1).max(64),
});
export type CustomerEditInput = z.infer<typeof CustomerEditInput>;

export const POINTS_REASON_MAX = 200;
/** One adjustment may move at most this many cents (100,000.00) either way. */
export const POINTS_ADJUST_MAX_CENTS = 10_000_000;

/** A manual points adjustment: plus or minus cents, and why. */
export const PointsAdjustInput = z.object({
  deltaCents: z
    .number()
    .int("Use whole cents")
    .min(-POINTS_ADJUST_MAX_CENTS, "At most 100,000.00 at once")
    .max(POINTS_ADJUST_MAX_CENTS, "At most 100,000.00 at once")
    .refine((v) => v !== 0, "Enter an amount other than 0"),
  reason: z
    .string()
    .trim()
    .min(1, "Say why the points change")
    .max(POINTS_REASON_MAX, `At most ${POINTS_REASON_MAX} characters`),
});
export type PointsAdjustInput = z.infer<typeof PointsAdjustInput>;

/** Deactivate (active false) or reactivate (active true), at the version read. */
export const CustomerStatusInput = z.object({
  active: z.boolean(),
  version: z.string().min(1).max(64),
});

export const CUSTOMER_SORTS = ["name", "created", "points", "email"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
