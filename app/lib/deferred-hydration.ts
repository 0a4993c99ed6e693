// Hydrating below-the-fold sections when they come into view (docs/decisions/0015-paint-before-hydration.md).
//
// The first hydration of a page is one long task that grows with the document. Sections a
// visitor has not scrolled to do not need to be interactive yet, so during that first pass
// their components suspend; preact/compat keeps a suspended component's server markup in place
// and hydrates it when the promise settles. The promise settles when the section comes near the
// viewport, or when the visitor touches it some other way first (a pointer, focus, a click from
// assistive technology), so nothing on screen stays inert.

let initialHydration = typeof document !== "undefined";

/** Called by the browser entry once the first hydration pass has run. */
export function initialHydrationDone(): void {
  initialHydration = false;
}

const ATTRIBUTE = "data-hydrate-when-visible";
/** How far ahead of the viewport a section starts hydrating, so a scroll rarely sees it inert. */
const AHEAD = "100px";

const waiting = new Map<string, { promise: Promise<void>; el: HTMLElement }>();
const woken = new Set<string>();

export function deferredSectionProps(id: string): Record<string, string> {
  return { [ATTRIBUTE]: id };
}

/**
 * A promise that settles when the section marked with `id` should hydrate, or null when it
 * should render now. Only the first hydration pass defers a section; until it is wanted, the
 * section keeps waiting through any re-render of the components above it (the router's state
 * settling right after hydration re-renders the whole page). A later render for another
 * document (a client-side navigation) renders at once.
 */
export function untilWanted(id: string): Promise<void> | null {
  const pending = waiting.get(id);
  if (pending?.el.isConnected) return pending.promise;
  if (!initialHydration || woken.has(id)) return null;
  const el = document.querySelector<HTMLElement>(`[${ATTRIBUTE}="${CSS.escape(id)}"]`);
  if (!el || typeof IntersectionObserver === "undefined") return null;
  const promise = new Promise<void>((resolve) => {
    const early: Array<[string, EventListener]> = [];
    const wake = () => {
      observer.disconnect();
      for (const [type, listener] of early) el.removeEventListener(type, listener, true);
      woken.add(id);
      waiting.delete(id);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) wake();
      },
      { rootMargin: AHEAD },
    );
    // The content, not the wrapper: content hidden at this width (display: none) never
    // intersects, while the empty wrapper left around it would.
    observer.observe(el.firstElementChild ?? el);
    // A click that arrives before the section is hydrated (no pointer event came first, as with
    // a screen reader's activation) is held back and replayed on the hydrated element.
    const onClick: EventListener = (event) => {
      const target = event.target;
      event.preventDefault();
      event.stopImmediatePropagation();
      wake();
      setTimeout(() => {
        if (target instanceof HTMLElement && target.isConnected) target.click();
      }, 0);
    };
    for (const type of ["pointerdown", "touchstart", "focusin", "keydown"]) early.push([type, wake]);
    early.push(["click", onClick]);
    for (const [type, listener] of early) el.addEventListener(type, listener, true);
  });
  waiting.set(id, { promise, el });
  return promise;
}
