// Placing an order for the signed-in customer (the spec's SaveOrder, done safely): every price,
// the shipping, the points and the stock come from the database; the order, its lines, the stock
// decrement and the points hold are written in ONE transaction, which a shortage rolls back whole.
// Cash on delivery and bank transfer are confirmed at once (mails queued in the same
// transaction); card and wallet orders wait, stock reserved, for the provider's payment. Earned
// points are credited only when the order is completed (lifecycle.ts).
import { and, gte, sql } from "drizzle-orm";
import { missingDetailsText, missingOrderDetails } from "../../core/account";
import type { PlacedOrder } from "../../core/api/orders";
import { CHECKOUT_TEXT, enabledPaymentMethods, isOnlineMethod } from "../../core/checkout";
import { SHIPPING_WEIGHT_TEXT } from "../../core/shipping-weight";
import { checkGuestContact } from "../../core/validation/account";
import type { CheckoutRequest } from "../../core/validation/checkout";
import { customers, orderLines, orders } from "../../db/store/schema";
import { afterStockChange } from "../catalog";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { enqueueOrderWebhook } from "../integration/webhook";
import { paymentProviderFor, RESERVATION_MS } from "../payments";
import type { PaymentProvider } from "../payments/provider";
import { newOrderCode } from "./code";
import { buyerActor, recordOrderEvent } from "./events";
import { loadMailOrder, releaseUnpaidOrder } from "./lifecycle";
import { queueOrderMails } from "./mail";
import { startOrderPayment } from "./online-payment";
import { orderPath } from "./order-link";
import { type Buyer, guestBuyer, quoteCheckout } from "./pricing";
import { orderCustomer } from "./queries";
import { takeStock } from "./stock";

export interface PlaceOptions {
  now?: Date;
  /** Tests inject a provider; otherwise the store's own. */
  provider?: PaymentProvider;
}

/**
 * `customerId` null: a signed-out shopper ordering as a guest (`input.guest`), where the store's
 * guest checkout is on. The order has no customer; it carries the contact and address given and
 * is reached through its signed link (order-link.ts).
 */
export async function placeOrder(
  store: StoreContext,
  customerId: number | null,
  input: CheckoutRequest,
  options: PlaceOptions = {},
): Promise<PlacedOrder> {
  const { settings } = store;
  const buyer = customerId ?? guestOf(store, input);
  if (!enabledPaymentMethods(settings).includes(input.paymentMethod)) {
    throw new ServiceError(
      "payment_method_unavailable",
      "This payment method is not available in this shop.",
    );
  }
  const online = isOnlineMethod(input.paymentMethod);
  const now = options.now ?? new Date();

  const { order, quote } = await afterStockChange(
    store,
    store.db.transaction(async (tx) => {
      const quote = await quoteCheckout(
        store,
        buyer,
        { lines: input.lines, shippingId: input.shippingId, redeemPointsCents: input.redeemPointsCents },
        tx,
      );
      const { customer, totals, shipping } = quote;
      // An account made through Google or Facebook has no phone or address until the shopper adds them.
      const missing =
        customerId === null ? [] : missingOrderDetails({ ...customer, phone: customer.mobilePhone });
      if (missing.length > 0) throw new ServiceError("details_missing", missingDetailsText(missing));
      // Asking for more than is free (points of orders not yet completed are pending, not free)
      // is refused rather than quietly trimmed to what is there.
      if (quote.pointsEnabled && input.redeemPointsCents > quote.availablePointsCents) {
        throw new ServiceError(
          "points_unavailable",
          "Your reward points changed meanwhile. Please check the points to redeem.",
          { details: { availablePointsCents: quote.availablePointsCents } },
        );
      }
      if (!shipping && quote.overweightMethods.length > 0) {
        // Too heavy for what was chosen (or for every method): said before any payment starts.
        const none = quote.shippingMethods.length === 0;
        throw new ServiceError(
          "shipping_overweight",
          none ? SHIPPING_WEIGHT_TEXT.noneCarries : SHIPPING_WEIGHT_TEXT.methodTooHeavy,
          { details: { weightGrams: quote.weightGrams } },
        );
      }
      if (!shipping) {
        throw new ServiceError(
          "shipping_unavailable",
          "Please choose a shipping method that delivers to your country.",
        );
      }
      if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totals.totalCents) {
        throw new ServiceError(
          "price_changed",
          "Prices or stock changed since you opened the checkout. Please check the new total.",
          {
            details: { totals },
          },
        );
      }

      await takeStock(tx, settings.warehouseId, quote.lines);

      if (totals.pointsRedeemedCents > 0) {
        const held = await tx
          .update(customers)
          .set({
            pointsOnHoldCents: sql`${customers.pointsOnHoldCents} + ${totals.pointsRedeemedCents}`,
            updatedAt: now,
          })
          .where(
            and(
              orderCustomer({ customerId: customer.id }),
              gte(
                sql`${customers.pointsBalanceCents} - ${customers.pointsOnHoldCents}`,
                totals.pointsRedeemedCents,
              ),
            ),
          )
          .returning({ id: customers.id });
        if (held.length === 0) {
          throw new ServiceError(
            "points_unavailable",
            "Your reward points changed meanwhile. Please check the points to redeem.",
          );
        }
      }

      const inserted = await tx
        .insert(orders)
        .values({
          code: newOrderCode(),
          customerId: customer.id,
          status: online ? "pending_payment" : "placed",
          goodsTotalCents: totals.goodsTotalCents,
          shippingCostCents: totals.shippingCostCents,
          pointsRedeemedCents: totals.pointsRedeemedCents,
          pointsEarnedCents: totals.pointsEarnedCents,
          totalCents: totals.totalCents,
          vatExcluded: customer.excludeVat,
          shippingId: shipping.id,
          shippingDescription: shipping.description,
          notes: input.notes ? input.notes : null,
          paymentMethod: input.paymentMethod,
          paymentReference: null,
          isWeb: true,
          showOnPos: settings.orderMobileShowPos,
          customerName: `${customer.name} ${customer.surname}`.trim(),
          customerEmail: customer.email,
          customerPhone: customer.mobilePhone || null,
          // CUSTADDRESS is street and postcode joined.
          shipAddress: [customer.street, customer.postcode].filter((s) => s.trim() !== "").join(" ") || null,
          shipCity: customer.city || null,
          shipCountry: customer.country || null,
          reservedUntil: online ? new Date(now.getTime() + RESERVATION_MS) : null,
          paidAt: null,
          // The page's language (the API's lang parameter): the order's mails are written in it.
          lang: store.lang,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const order = inserted[0];
      await recordOrderEvent(tx, order.id, "placed", buyerActor(order), { at: now });
      await tx.insert(orderLines).values(
        quote.lines.map((l) => ({
          orderId: order.id,
          productId: l.productId,
          description: l.description,
          qty: l.qty,
          unitPriceCents: l.unitPriceCents,
          vatRate: l.vatRate,
          lineTotalCents: l.lineTotalCents,
        })),
      );
      if (!online) {
        await queueOrderMails(tx, store, await loadMailOrder(tx, order));
        await enqueueOrderWebhook(tx, store, "order.placed", order, now);
      }
      return { order, quote };
    }),
  );

  const result: PlacedOrder = {
    code: order.code,
    status: online ? "pending_payment" : "placed",
    paymentMethod: input.paymentMethod,
    totals: quote.totals,
    shipping: quote.shipping as PlacedOrder["shipping"],
    lines: quote.lines.map(({ productId, variantId, description, qty, unitPriceCents, lineTotalCents }) => ({
      productId,
      variantId,
      description,
      qty,
      unitPriceCents,
      lineTotalCents,
    })),
    bankDetails: input.paymentMethod === "bank" ? settings.bankDetails || null : null,
    redirectUrl: null,
    paymentCode: null,
    orderUrl: order.customerId === null ? await orderPath(store.config.id, order.code) : null,
  };
  if (!online) return result;

  try {
    const started = await startOrderPayment(
      store,
      order,
      input.paymentMethod as "card" | "wallet",
      options.provider ?? paymentProviderFor(store),
    );
    return { ...result, redirectUrl: started.redirectUrl, paymentCode: started.providerOrderCode };
  } catch (err) {
    // No payment order: nothing can pay this order, so its reservation goes back at once.
    await releaseUnpaidOrder(store, order.id);
    if (err instanceof ServiceError) throw err;
    throw new ServiceError("payment_unavailable", CHECKOUT_TEXT.paymentCodeError, { cause: err });
  }
}

/** The guest an order without a customer is for: refused unless the store allows guests and the details pass. */
function guestOf(store: StoreContext, input: CheckoutRequest): Buyer {
  if (!store.settings.guestCheckout) {
    throw new ServiceError("not_signed_in", "Please sign in or register to check out.");
  }
  if (!input.guest) {
    throw new ServiceError("invalid", "Please fill in your details to order as a guest.");
  }
  const problems = checkGuestContact(
    input.guest,
    store.config.countries.map((c) => c.code),
  );
  if (problems.length > 0) {
    throw new ServiceError("invalid", problems[0].title, {
      title: problems[0].title,
      details: { fields: problems.map(({ field, message }) => ({ field, message })) },
    });
  }
  if (input.redeemPointsCents > 0) {
    throw new ServiceError("points_unavailable", "Reward points are for customers with an account.");
  }
  return guestBuyer(input.guest);
}
