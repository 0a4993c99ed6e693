// The integration API's customers: create or update one customer by the ERP's customer id
// (customers.erp_id). Never a password in either direction: a new customer is mailed an
// invitation with a one-use link to choose one, and cannot sign in until then.
import { z } from "zod";
import { endpoint, json, jsonBody } from "../endpoint";
import { routes } from "../routes";
import { keyRefusals, problem, security } from "./common";

export const ErpIdParam = z.object({
  erpId: z
    .string()
    .min(1)
    .max(64)
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/,
      "Use letters, digits, dots, colons, slashes, dashes or underscores",
    )
    .meta({ description: "The ERP's own customer id" }),
});

const Required = (max: number) => z.string().trim().min(1, "Must not be empty").max(max);
const Optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === "" ? null : v));

/** Every field may be left out of an update (it keeps its value); the required ones are needed on create. */
export const IntegrationCustomerInput = z
  .strictObject({
    name: Required(100).optional().meta({ description: "First name; required on create" }),
    surname: Required(100).optional().meta({ description: "Last name; required on create" }),
    email: z
      .string()
      .trim()
      .max(254)
      .regex(/^[^\s@]+@[^\s@]+$/, "Enter an email address")
      .optional()
      .meta({ description: "Required on create; also the username a new customer signs in with" }),
    mobilePhone: z
      .string()
      .trim()
      .max(20)
      .regex(/^\d+$/, "Mobile should consist of numbers")
      .optional()
      .meta({ description: "Digits only; required on create; one live account per number" }),
    company: Optional(200).optional().meta({ description: "null or empty: none (the default)" }),
    street: Required(200).optional().meta({ description: "Required on create" }),
    postcode: Required(20).optional().meta({ description: "Required on create" }),
    city: Required(100).optional().meta({ description: "Required on create" }),
    country: z
      .string()
      .trim()
      .min(2)
      .max(3)
      .optional()
      .meta({ description: "ISO code, one of the store's countries; required on create" }),
    vatNumber: Optional(40).optional().meta({ description: "null or empty: none (the default)" }),
    priceListCode: z
      .string()
      .min(1)
      .max(40)
      .nullable()
      .optional()
      .meta({ description: "The code of an existing price list; null: none (the default)" }),
    excludeVat: z.boolean().optional().meta({ description: "Sees and pays net prices; default false" }),
    isPos: z.boolean().optional().meta({ description: "A POS customer; default false" }),
    showOnPos: z.boolean().optional().meta({ description: "Shown on the POS; default false" }),
    deleted: z
      .boolean()
      .optional()
      .meta({ description: "Deactivated: cannot sign in, signed out everywhere; default false" }),
  })
  .meta({ id: "IntegrationCustomerInput" });

export const IntegrationCustomerSchema = z
  .object({
    id: z.number().int(),
    erpId: z.string().nullable().meta({ description: "null for customers who registered on the shop" }),
    username: z.string(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    mobilePhone: z.string(),
    company: z.string().nullable(),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    country: z.string(),
    vatNumber: z.string().nullable(),
    priceListCode: z.string().nullable(),
    excludeVat: z.boolean(),
    isPos: z.boolean(),
    showOnPos: z.boolean(),
    deleted: z.boolean(),
    pointsBalanceCents: z.number().int(),
    pointsOnHoldCents: z.number().int(),
    hasPassword: z.boolean().meta({ description: "false until an invited customer has chosen a password" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "IntegrationCustomer" });

export const putCustomer = endpoint(routes.integration.putCustomer, {
  tags: ["integration"],
  security,
  summary:
    "Create or update a customer by the ERP's customer id; idempotent (a repeat changes nothing, not even updatedAt), left-out fields keep their value, null clears company, vatNumber and priceListCode; a new customer (username = email, defaults: no company, VAT number or price list, VAT included, not POS) is mailed an invitation link to choose a password and cannot sign in before",
  request: { params: ErpIdParam, body: jsonBody(IntegrationCustomerInput) },
  responses: {
    200: json(IntegrationCustomerSchema, "The stored customer (never a password or token)"),
    400: problem("Invalid input, a field missing on create, a country or price list the store does not have"),
    ...keyRefusals,
    409: problem("Another customer has this email or mobile phone (details.field)"),
  },
});
