// Page-view events: the layout emits one per finished navigation (spec section 2); the
// analytics provider (with consent) subscribes. Events before a subscriber are kept (a few)
// so the first page view is not lost while the provider loads.
export type PageViewListener = (path: string) => void;

const listeners = new Set<PageViewListener>();
const pending: string[] = [];
const MAX_PENDING = 10;

/** Subscribes to page views; returns the unsubscribe function. Queued views are replayed. */
export function onPageView(listener: PageViewListener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) for (const path of pending.splice(0)) listener(path);
  return () => {
    listeners.delete(listener);
  };
}

/** Also dispatched on window, so tools and tests can watch page views without a provider. */
export const PAGE_VIEW_EVENT = "storefront:pageview";

export function emitPageView(path: string): void {
  if (typeof window !== "undefined")
    window.dispatchEvent(new CustomEvent(PAGE_VIEW_EVENT, { detail: { path } }));
  if (listeners.size === 0) {
    if (pending.length < MAX_PENDING) pending.push(path);
    return;
  }
  for (const listener of listeners) {
    try {
      listener(path);
    } catch {
      // A failing provider must not break navigation.
    }
  }
}
