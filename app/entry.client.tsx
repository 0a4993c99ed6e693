// The browser entry. React Router's HydratedRouter suspends (throws a promise) on its first
// render while it decodes the server's data stream. React waits for that at the root; Preact,
// which runs the browser build (docs/decisions/0012), only inside a Suspense boundary, and a
// boundary around the whole document makes it rebuild the document instead of hydrating it.
// So the decoding is started and awaited first: HydratedRouter throws before it calls any
// hook, and once the promise settles the real render finds the decoded state. Decoding, creating
// the router and hydrating each take a task of their own, with the browser free between them
// (docs/decisions/0016).
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { initialHydrationDone } from "./lib/deferred-hydration";

/**
 * Renders HydratedRouter once outside a render: it decodes the server's data (a promise, thrown
 * until the state is decoded) and then creates the router (routes, matches, history), both kept
 * at module level, before it calls its first hook. Anything thrown but the decoding promise (that
 * hook, called outside a render) is harmless: the hydration below renders the router properly.
 */
async function prepareRouter(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
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

void prepareRouter().then(async () => {
  await yieldToBrowser();
  // The state is decoded: this call creates the router. (Not in development, where React DOM
  // runs in the browser and reports the hook called outside a render.)
  if (!import.meta.env.DEV) {
    await prepareRouter();
    await yieldToBrowser();
  }
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
