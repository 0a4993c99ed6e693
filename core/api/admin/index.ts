// The back office's API contract, one module per area (the same names as server/admin).
import type { ApiRoute } from "../routes";
import * as audit from "./audit";
import * as auth from "./auth";
import * as blog from "./blog";
import * as carriers from "./carriers";
import * as catalog from "./catalog";
import * as content from "./content";
import * as customers from "./customers";
import * as dashboard from "./dashboard";
import type { AdminEndpointDefinition } from "./endpoint";
import * as inbox from "./inbox";
import * as orders from "./orders";
import * as reports from "./reports";
import * as reviews from "./reviews";
import * as settings from "./settings";
import * as staff from "./staff";
import * as taxonomy from "./taxonomy";

export const adminContract = {
  auth,
  dashboard,
  orders,
  reports,
  catalog,
  taxonomy,
  content,
  carriers,
  reviews,
  blog,
  customers,
  inbox,
  settings,
  staff,
  audit,
};

type Values<T> = T[keyof T];

/** Every back-office endpoint as one union (the admin client finds one by method and path). */
export type AdminEndpoint = Extract<
  Values<{ [A in keyof typeof adminContract]: Values<(typeof adminContract)[A]> }>,
  ApiRoute & AdminEndpointDefinition
>;

/** Every endpoint object of the contract, for the server's registration check and the matrix test. */
export function allAdminEndpoints(): (ApiRoute & AdminEndpointDefinition)[] {
  const out: (ApiRoute & AdminEndpointDefinition)[] = [];
  for (const area of Object.values(adminContract)) {
    for (const value of Object.values(area as Record<string, unknown>)) {
      if (
        value &&
        typeof value === "object" &&
        "permission" in value &&
        "method" in value &&
        "responses" in value
      )
        out.push(value as ApiRoute & AdminEndpointDefinition);
    }
  }
  return out;
}
