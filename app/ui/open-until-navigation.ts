// Open/closed state of a dropdown that closes by itself on every navigation: it remembers the
// location it was opened on, so a new location reads as closed without an extra render.
import { useCallback, useState } from "react";
import { useLocation } from "react-router";

export function useOpenUntilNavigation() {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const setOpen = useCallback(
    (next: boolean | ((open: boolean) => boolean)) =>
      setOpenOn((prev) => ((typeof next === "function" ? next(prev === key) : next) ? key : null)),
    [key],
  );
  return [openOn === key, setOpen] as const;
}
