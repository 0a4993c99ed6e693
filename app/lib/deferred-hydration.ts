// Hydrating below-the-fold sections when they come into view (docs/decisions/0015-paint-before-hydration.md).
//
// The first hydration of a page is one long task that grows with the document. Sections a
// visitor has not scrolled to do not need to be interactive yet, so during that first pass
// their components suspend; preact/compat keeps a suspended component's server markup in place
// and hydrates it when the promise settles. The promise settles when the section comes near the
// viewport, or when the visitor touches it some other way first (a pointer, focus, a click from
// assistive technology), so nothing on screen stays inert.
//
// Sections on screen can wait too, for a moment: each settles in a task of its own right after
// the first pass, which cuts one long hydration task into several short ones (input waiting
// behind a long task is what Total Blocking Time measures).

let initialHydration = typeof document !== "undefined";
let firstPassDone = false;
/** Sections waiting for their turn: hydrating them is still part of the first hydration. */
let turnsPending = 0;

/** Called by the browser entry once the first hydration pass has run. */
export function initialHydrationDone(): void {
  firstPassDone = true;
  if (turnsPending === 0) initialHydration = false;
}

function turnTaken(): void {
  turnsPending--;
  if (firstPassDone && turnsPending === 0) initialHydration = false;
}

const ATTRIBUTE = "data-hydrate-when-visible";
/** How far ahead of the viewport a section starts hydrating, so a scroll rarely sees it inert. */
const AHEAD = "100px";

const waiting = new Map<string, { promise: Promise<void>; el: HTMLElement }>();
const woken = new Set<string>();
/** Sections woken but not yet rendered: their next render is their hydration. */
const resuming = new Set<string>();

/**
 * Whether this render of section `id` is its delayed hydration (asked once, by its first render).
 * That render must match the server's markup, which was rendered before the shopper's stored
 * lists were read: Preact keeps a hydrated element's attributes as they are.
 */
export function takeResuming(id: string): boolean {
  return resuming.delete(id);
}

export function deferredSectionProps(id: string): Record<string, string> {
  return { [ATTRIBUTE]: id };
}

function sectionElement(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[${ATTRIBUTE}="${CSS.escape(id)}"]`);
}

/** Shared by both kinds of wait: the pending promise of a section still in this document. */
function pendingFor(id: string): Promise<void> | null | undefined {
  const pending = waiting.get(id);
  if (pending?.el.isConnected) return pending.promise;
  if (!initialHydration || woken.has(id)) return null;
  return undefined;
}

function wait(id: string, el: HTMLElement, start: (wake: () => void) => void): Promise<void> {
  const promise = new Promise<void>((resolve) =>
    start(() => {
      if (woken.has(id)) return;
      woken.add(id);
      resuming.add(id);
      waiting.delete(id);
      resolve();
    }),
  );
  waiting.set(id, { promise, el });
  return promise;
}

/**
 * For a section on screen: a promise that settles in a task of its own just after the first
 * hydration pass, or null when it should render now.
 */
export function untilNextTask(id: string): Promise<void> | null {
  const pending = pendingFor(id);
  if (pending !== undefined) return pending;
  const el = sectionElement(id);
  if (!el) return null;
  turnsPending++;
  return wait(id, el, (wake) =>
    setTimeout(() => {
      wake();
      // The section hydrates in this task's microtasks; sections inside it that wait for the
      // visitor must still see a first hydration, so it ends in the next task.
      setTimeout(turnTaken, 0);
    }, 0),
  );
}

/**
 * A promise that settles when the section marked with `id` should hydrate, or null when it
 * should render now. Only the first hydration pass defers a section; until it is wanted, the
 * section keeps waiting through any re-render of the components above it (the router's state
 * settling right after hydration re-renders the whole page). A later render for another
 * document (a client-side navigation) renders at once.
 */
export function untilWanted(id: string): Promise<void> | null {
  const pending = pendingFor(id);
  if (pending !== undefined) return pending;
  const el = sectionElement(id);
  if (!el || typeof IntersectionObserver === "undefined") return null;
  return wait(id, el, (settle) => {
    const early: Array<[string, EventListener]> = [];
    const wake = () => {
      observer.disconnect();
      for (const [type, listener] of early) el.removeEventListener(type, listener, true);
      settle();
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
}
