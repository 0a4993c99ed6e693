// Toasts for the shopping lists (spec section 8: 2000 ms, no progress bar). sonner is loaded
// on the first toast, not with the page: evaluating it injects its stylesheet, a long task a
// page that never toasts should not pay. The Toaster mounts once it has loaded; sonner hands a
// new Toaster the toasts created before it subscribed, so the first toast is not lost.
export type ToastKind = "success" | "error" | "info" | "warning";

export const TOAST_DURATION_MS = 2000;

type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | null = null;
const onLoad = new Set<(m: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    void sonner.then((m) => {
      for (const listener of onLoad) listener(m);
      onLoad.clear();
    });
  }
  return sonner;
}

/** Calls `listener` once sonner has loaded for a first toast; returns the unsubscribe. */
export function whenSonnerLoads(listener: (m: Sonner) => void): () => void {
  if (sonner) {
    void sonner.then(listener);
    return () => {};
  }
  onLoad.add(listener);
  return () => onLoad.delete(listener);
}

/**
 * Puts a toast's texts into the page's language. The rules' texts (CART_TEXT.added ...) are
 * English constants: ShopToaster, which renders inside the page's language, installs the
 * translation (useCoreText and the Shell catalogue) here; until then texts show as given.
 */
let translate: (text: string) => string = (text) => text;

export function setToastTranslator(fn: (text: string) => string): void {
  translate = fn;
}

/** Shows a toast; a titled message (e.g. 'Out of Stock' / 'Available stock: 3') passes `title` and `text`. */
export function showToast(kind: ToastKind, title: string, text?: string): void {
  if (typeof window === "undefined") return;
  void loadSonner().then(({ toast }) => {
    toast[kind](translate(title), {
      description: text === undefined ? undefined : translate(text),
      duration: TOAST_DURATION_MS,
    });
  });
}
