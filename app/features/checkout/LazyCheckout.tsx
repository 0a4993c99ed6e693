// The checkout is loaded on demand: it only matters once the cart has items, and keeping it out
// of the cart page's first load keeps that page within the JavaScript budget.
import { type ComponentProps, lazy, Suspense } from "react";
import type { Checkout as CheckoutComponent } from "./Checkout";

type Loaded = { default: typeof CheckoutComponent };
let loaded: Loaded | null = null;
const load = () => import("./Checkout").then((m) => (loaded = { default: m.Checkout }));

// The server loads the module at start and hands it to lazy() as an already-settled thenable, so
// a server render never suspends here. A boundary still pending when the shell is sent is revealed
// later by React's inline script, throttled to animation frames; the browser build (Preact) may
// hydrate the placeholder first, and the script then fails ("Cannot set properties of null").
if (import.meta.env.SSR) void load();

/** The loaded module as a thenable that calls back at once: lazy() then resolves without suspending. */
function settled(value: Loaded): Promise<Loaded> {
  // biome-ignore lint/suspicious/noThenProperty: lazy() must see a thenable, settled synchronously.
  return { then: (resolve: (m: Loaded) => void) => resolve(value) } as unknown as Promise<Loaded>;
}

const Checkout = lazy(() => (loaded ? settled(loaded) : load()));

export function LazyCheckout(props: ComponentProps<typeof Checkout>) {
  return (
    <Suspense fallback={null}>
      <Checkout {...props} />
    </Suspense>
  );
}
