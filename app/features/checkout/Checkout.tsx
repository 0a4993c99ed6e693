// The checkout under the cart on /shop/cart. A visitor is asked to sign in or register (the cart
// stays); where the store allows guests, the visitor may instead order as a guest, typing the
// contact and address (docs/decisions/0030). A signed-in customer sees the billing details,
// picks shipping, writes notes, redeems points, picks a payment method, and places the order. Every figure comes from the server's
// quote (/api/v1/orders/quote); the order itself is placed by /api/v1/orders, which recomputes
// all of it again.
import { useTranslations } from "use-intl";
import type { PlacedOrder } from "../../../core/api/orders";
import { useCoreText } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { useCart, useHydrated } from "../shop-state/store";
import { BillingDetails } from "./BillingDetails";
import { GuestDetails } from "./GuestDetails";
import { OrderConfirmation } from "./OrderConfirmation";
import { OrderSummary } from "./OrderSummary";
import { PaymentChoice } from "./PaymentChoice";
import { PointsRedemption } from "./PointsRedemption";
import { ShippingChoice } from "./ShippingChoice";
import { SignInPrompt } from "./SignInPrompt";
import { useCheckoutForm } from "./useCheckoutForm";
import { useGuestDetails } from "./useGuestDetails";

/**
 * `placed` lives in the route: the cart above must know an order was just placed, so that its
 * emptied list does not say 'No products in the cart.' over the confirmation.
 */
export function Checkout({
  placed,
  onPlaced,
}: {
  placed: PlacedOrder | null;
  onPlaced: (placed: PlacedOrder) => void;
}) {
  const hydrated = useHydrated();
  const root = useRootData();
  const customer = root?.customer ?? null;
  const items = useCart();

  if (!hydrated) return null;
  if (placed)
    return (
      <OrderConfirmation
        placed={placed}
        canClaim={Boolean(root?.account?.showSignup)}
        pointsEnabled={Boolean(root?.account?.pointsEnabled)}
      />
    );
  if (items.length === 0) return null;
  if (!customer && !root?.account?.guestCheckout) return <SignInPrompt account={root?.account} />;
  return <CheckoutForm customerId={customer?.id ?? null} onPlaced={onPlaced} />;
}

function CheckoutForm({
  customerId,
  onPlaced,
}: {
  /** null: a guest. */
  customerId: number | null;
  onPlaced: (placed: PlacedOrder) => void;
}) {
  const t = useTranslations("Checkout");
  const text = useCoreText();
  const root = useRootData();
  const guestDetails = useGuestDetails();
  const guest = customerId === null ? guestDetails : null;
  const form = useCheckoutForm(customerId, onPlaced, guest);
  const { quote } = form;
  return (
    <div data-testid="checkout">
      <h2 className="mb-5 text-2xl font-bold text-slate-900">{t("checkout")}</h2>
      {guest ? <SignInPrompt account={root?.account} guest /> : null}
      {form.quoteError ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {text(form.quoteError)}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-6">
          {guest ? (
            <GuestDetails
              formRef={guest.formRef}
              initial={guest.initial}
              countries={quote?.countries ?? []}
              country={form.guestCountry}
              onCountry={guest.setCountry}
              errors={guest.errors}
              onInput={guest.onInput}
            />
          ) : (
            <BillingDetails billing={quote?.billing ?? undefined} />
          )}
          <ShippingChoice
            quote={quote}
            shippingId={form.shippingId}
            onShipping={form.setShippingId}
            notes={form.notes}
            onNotes={form.setNotes}
          />
          {quote?.pointsEnabled ? (
            <PointsRedemption
              quote={quote}
              redeem={form.redeem}
              redeemCents={form.redeemCents}
              redeemInvalid={form.redeemInvalid}
              onRedeem={form.setRedeem}
            />
          ) : null}
          <PaymentChoice quote={quote} method={form.method} onMethod={form.setMethod} />
        </div>
        <OrderSummary
          quote={quote}
          method={form.method}
          canPlace={form.canPlace}
          placing={form.placing}
          onPlace={form.place}
        />
      </div>
    </div>
  );
}
