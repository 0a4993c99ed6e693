// Checkout and orders over /api/v1: quote (the server's summary of a checkout), place an order,
// and the signed-in customer's own orders. Prices, shipping, points and stock are always the
// server's; the body carries ids, quantities and choices only.

import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { toPublicCustomer } from "../../core/account";
import * as contract from "../../core/api/orders";
import { countriesIn } from "../../core/country-names";
import { ACCOUNT_TEXT, passwordChangeRequired } from "../../core/validation/account";
import {
  cancelUnpaid,
  claimGuestOrder,
  customerPoints,
  getCustomerOrder,
  listCustomerOrders,
  payNow,
  placeOrder,
  quoteCheckout,
} from "../../services/orders";
import { guestBuyer } from "../../services/orders/pricing";
import { hitRateLimit } from "../../services/rate-limit";
import { clientIp, publicOrigin } from "../http/client";
import type { AppEnv } from "../http/env";
import { signIn } from "../http/session";
import { visitorCountryOf } from "../http/visitor";
import { fail, failureResponse } from "./failure";
import type { ApiRouter } from "./router";

type C = Context<AppEnv>;

const quote = createRoute(contract.quote);
const place = createRoute(contract.place);
const list = createRoute(contract.list);
const one = createRoute(contract.one);
const pay = createRoute(contract.pay);
const cancel = createRoute(contract.cancel);
const points = createRoute(contract.points);
const claim = createRoute(contract.claim);

/** A guest's quote before the form is filled in: only the country matters for the figures. */
const NO_CONTACT = { firstName: "", lastName: "", street: "", city: "", postcode: "", phone: "", email: "" };

const notSignedIn = (c: C) => fail(c, "not_signed_in", "Please sign in or register to check out.");

/** 'Pay now' for one of the signed-in customer's orders: its own route and /payments/start. */
export async function payNowResponse(c: C, customerId: number, code: string) {
  try {
    const started = await payNow(c.get("store"), customerId, code, { log: c.var.log });
    return c.json({ redirectUrl: started.redirectUrl, paymentCode: started.providerOrderCode }, 200);
  } catch (err) {
    return failureResponse(c, err);
  }
}

export function registerOrderRoutes(api: ApiRouter) {
  api.openapi(quote, async (c) => {
    const customer = c.get("customer");
    const store = c.get("store");
    if (!customer && !store.settings.guestCheckout) return notSignedIn(c);
    const body = c.req.valid("json");
    try {
      // A guest's shipping follows the country chosen on the form; until then the visitor's
      // (server/http/visitor.ts: the proxy's country header, the browser's language, the store's first).
      const country = store.config.countries.find((k) => k.code === body.country)?.code;
      const who = customer
        ? customer.id
        : guestBuyer({ ...NO_CONTACT, country: country ?? visitorCountryOf(c) });
      const q = await quoteCheckout(store, who, body);
      const b = q.customer;
      return c.json(
        {
          lines: q.lines.map(
            ({ productId, variantId, description, qty, unitPriceCents, lineTotalCents, available }) => ({
              productId,
              variantId,
              description,
              qty,
              unitPriceCents,
              lineTotalCents,
              available,
            }),
          ),
          shortages: q.shortages,
          shippingMethods: q.shippingMethods,
          shipping: q.shipping,
          weightGrams: q.weightGrams,
          overweightMethods: q.overweightMethods,
          totals: q.totals,
          pointsEnabled: q.pointsEnabled,
          availablePointsCents: q.availablePointsCents,
          paymentMethods: q.paymentMethods,
          freeDeliveryTotalCents: store.settings.freeDeliveryTotalCents,
          countries: countriesIn(store.config.countries, store.lang).map(({ code, name }) => ({
            code,
            name,
          })),
          billing: customer
            ? {
                name: b.name,
                surname: b.surname,
                company: b.company,
                email: b.email,
                phone: b.mobilePhone,
                street: b.street,
                postcode: b.postcode,
                city: b.city,
                country: b.country,
              }
            : null,
        },
        200,
      );
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(place, async (c) => {
    const customer = c.get("customer");
    const store = c.get("store");
    if (!customer && !store.settings.guestCheckout) return notSignedIn(c);
    if (customer && passwordChangeRequired(customer)) {
      return fail(c, "password_change_required", ACCOUNT_TEXT.passwordChangeRequired);
    }
    const who = customer ? `customer:${customer.id}` : `guest:${clientIp(c)}`;
    const limit = await hitRateLimit(store.db, `orders:${who}`, {
      limit: 20,
      windowMs: 10 * 60_000,
    });
    if (!limit.allowed) {
      return fail(c, "rate_limited", "Too many orders in a short time. Please try again later.", {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    }
    try {
      const placed = await placeOrder(store, customer?.id ?? null, c.req.valid("json"));
      if (placed.redirectUrl === null)
        c.var.log.info({ order: placed.code, method: placed.paymentMethod }, "order placed");
      return c.json(placed, 201);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(claim, async (c) => {
    const store = c.get("store");
    try {
      const customer = await claimGuestOrder(store, c.req.valid("param").code, c.req.valid("json"), {
        ip: clientIp(c),
        origin: publicOrigin(c),
      });
      await signIn(c, customer, false);
      c.var.log.info({ order: c.req.valid("param").code }, "guest order claimed by a new account");
      return c.json(
        {
          customer: toPublicCustomer(customer),
          title: ACCOUNT_TEXT.registerDoneTitle,
          button: ACCOUNT_TEXT.registerDoneButton,
          code: c.req.valid("param").code,
        },
        201,
      );
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(list, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const { limit } = c.req.valid("query");
    return c.json({ orders: await listCustomerOrders(c.get("store"), customer.id, limit) }, 200);
  });

  api.openapi(one, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    const order = await getCustomerOrder(c.get("store"), customer.id, c.req.valid("param").code);
    if (!order) return fail(c, "not_found", "Order not found");
    return c.json(order, 200);
  });

  api.openapi(pay, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    return payNowResponse(c, customer.id, c.req.valid("param").code);
  });

  api.openapi(cancel, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    try {
      const order = await cancelUnpaid(c.get("store"), customer.id, c.req.valid("param").code, {
        log: c.var.log,
      });
      c.var.log.info({ order: order.code }, "unpaid order cancelled by the shopper");
      return c.json({ code: order.code, status: "cancelled" as const }, 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(points, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    return c.json(await customerPoints(c.get("store"), customer.id), 200);
  });
}
