// Toasts for the shopping lists (spec section 8: 2000 ms, no progress bar). sonner is loaded
// on first use so it stays out of every page's first-load JavaScript; the Toaster and these
// calls share one module instance, so toasts reach the mounted Toaster.
export type ToastKind = "success" | "error" | "info" | "warning";

export const TOAST_DURATION_MS = 2000;

let sonner: Promise<typeof import("sonner")> | null = null;
export function loadSonner(): Promise<typeof import("sonner")> {
  sonner ??= import("sonner");
  return sonner;
}

/** Shows a toast; a titled message (e.g. 'Out of Stock' / 'Available stock: 3') passes `title` and `text`. */
export function notify(kind: ToastKind, title: string, text?: string): void {
  if (typeof window === "undefined") return;
  void loadSonner().then(({ toast }) => {
    toast[kind](title, { description: text, duration: TOAST_DURATION_MS });
  });
}
