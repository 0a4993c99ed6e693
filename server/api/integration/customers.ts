// The integration API's customers: create or update by the ERP's customer id
// (services/integration/customers.ts); the invitation link points at the host the ERP called.
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../../core/api/integration/customers";
import { putCustomer } from "../../../services/integration/customers";
import { publicOrigin } from "../../http/client";
import type { ApiRouter } from "../router";
import { erpActor, integrationFailure } from "./common";

export function registerCustomerIntegration(api: ApiRouter) {
  api.openapi(createRoute(contract.putCustomer), async (c) => {
    try {
      const customer = await putCustomer(
        c.get("store"),
        erpActor(c),
        c.req.valid("param").erpId,
        c.req.valid("json"),
        publicOrigin(c),
      );
      return c.json(customer, 200);
    } catch (err) {
      return integrationFailure(c, err);
    }
  });
}
