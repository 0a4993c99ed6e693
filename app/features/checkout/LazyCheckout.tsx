// The checkout is loaded on demand: it only matters once the cart has items, and keeping it out
// of the cart page's first load keeps that page within the JavaScript budget.
import { type ComponentProps, lazy, Suspense } from "react";

const Checkout = lazy(() => import("./Checkout").then((m) => ({ default: m.Checkout })));

export function LazyCheckout(props: ComponentProps<typeof Checkout>) {
  return (
    <Suspense fallback={null}>
      <Checkout {...props} />
    </Suspense>
  );
}
