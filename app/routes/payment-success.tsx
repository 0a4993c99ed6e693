import { PaymentSuccess } from "../features/checkout/PaymentResult";
import { paymentSuccessLoader } from "../features/checkout/payment-return.server";
import { metaTranslator } from "../lib/i18n";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/payment-success";

export const loader = (args: Route.LoaderArgs) => paymentSuccessLoader(args);

// A payment return is personal and one-off: never cached, never indexed.
// Loading a return page confirms or releases a payment: a later revalidation (e.g. to refresh the
// header's points) must not run it again, or the shopper would see 'already sent' at once.
export const shouldRevalidate = () => false;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, metaTranslator(matches, "Checkout")("payment")).filter(
    (m) => !("name" in m && m.name === "robots"),
  ),
  { name: "robots", content: "noindex, nofollow" },
];

export default function PaymentSuccessRoute({ loaderData }: Route.ComponentProps) {
  return <PaymentSuccess {...loaderData} />;
}
