// A dropdown that closes on a press outside it and on Escape, focus inside it going back to its
// button. The listeners are attached in a layout effect, in the same task as the render that
// opened it: a passive effect waits for the next frame, and on a busy machine an Escape pressed
// just after opening came first and was lost, leaving the panel open.
import { type RefObject, useLayoutEffect, useRef } from "react";

export function useDismiss(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  button: () => HTMLElement | null | undefined,
): void {
  // The latest callbacks, without re-attaching the listeners on every render.
  const latest = useRef({ close, button });
  latest.current = { close, button };
  useLayoutEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) latest.current.close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      latest.current.close();
      if (root.current?.contains(document.activeElement)) latest.current.button()?.focus();
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, root]);
}
