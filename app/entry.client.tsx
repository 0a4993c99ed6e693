// The browser entry. React Router's HydratedRouter suspends (throws a promise) on its first
// render while it decodes the server's data stream. React waits for that at the root; Preact,
// which runs the browser build (docs/decisions/0012), only inside a Suspense boundary, and a
// boundary around the whole document makes it rebuild the document instead of hydrating it.
// So the decoding is started and awaited first: HydratedRouter throws before it calls any
// hook, and once the promise settles the real render finds the decoded state.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { initialHydrationDone } from "./lib/deferred-hydration";

async function routerStateDecoded(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    // Anything but the decoding promise (a hook called outside a render once the state is
    // already decoded) is harmless: the hydration below renders the router properly.
    if (thrown instanceof Promise) await thrown;
  }
}

// React's server renderer hoists resource hints into <head>: <link rel="preload" as="image">
// for images in the shell and the <link rel="modulepreload">s that <Scripts> renders at the end
// of <body>. Preact hydrates by position, so those strays would be matched against the tree's
// own <head> links (the stylesheet among them) and the real ones dropped. Their fetches have
// already been made; remove them before hydrating.
function dropHoistedResourceHints(): void {
  for (const hint of document.head.querySelectorAll('link[rel="preload"], link[rel="modulepreload"]'))
    hint.remove();
}

/** Lets the browser handle input (and paint) before the next piece of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void routerStateDecoded().then(async () => {
  await yieldToBrowser();
  dropHoistedResourceHints();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  // Preact hydrates synchronously: sections that suspended in that pass wait for the visitor
  // (app/lib/deferred-hydration.ts); any later render is an ordinary one.
  initialHydrationDone();
});
