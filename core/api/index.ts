// The API contract, one module per area (the same names as server/api). See
// docs/decisions/0024-api-contract.md for how to add an endpoint.
import * as auth from "./auth";
import * as cart from "./cart";
import * as catalog from "./catalog";
import * as consent from "./consent";
import * as contact from "./contact";
import * as content from "./content";
import * as errors from "./errors";
import * as integration from "./integration";
import * as newsletter from "./newsletter";
import * as notify from "./notify";
import * as orders from "./orders";
import * as payments from "./payments";
import * as products from "./products";
import * as reviews from "./reviews";
import type { ApiRoute } from "./routes";
import * as store from "./store";
import * as withdrawals from "./withdrawals";

export const contract = {
  auth,
  cart,
  catalog,
  consent,
  contact,
  content,
  errors,
  integration,
  newsletter,
  notify,
  orders,
  payments,
  products,
  reviews,
  store,
  withdrawals,
};

type Values<T> = T[keyof T];

/** Every endpoint of the contract as one union (the browser's client finds one by method and path). */
export type ApiEndpoint = Extract<
  Values<{ [A in keyof typeof contract]: Values<(typeof contract)[A]> }>,
  ApiRoute & { responses: unknown }
>;
