import { PaymentFailed } from "../features/checkout/PaymentResult";
import { paymentFailedLoader } from "../features/checkout/payment-return.server";
import { metaTranslator } from "../lib/i18n";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/payment-failed";

export const loader = (args: Route.LoaderArgs) => paymentFailedLoader(args);

// Loading a return page confirms or releases a payment: a later revalidation (e.g. to refresh the
// header's points) must not run it again, or the shopper would see 'already sent' at once.
export const shouldRevalidate = () => false;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, metaTranslator(matches, "Checkout")("paymentFailedTitle")).filter(
    (m) => !("name" in m && m.name === "robots"),
  ),
  { name: "robots", content: "noindex, nofollow" },
];

export default function PaymentFailedRoute({ loaderData }: Route.ComponentProps) {
  return <PaymentFailed {...loaderData} />;
}
