// The one toast outlet of the storefront: the root layout renders it, and it mounts sonner's
// Toaster when the first toast loads sonner.
import { type ComponentType, useEffect, useState } from "react";
import { TOAST_DURATION_MS, whenSonnerLoads } from "./toast";

type ToasterProps = { duration?: number; position?: string; richColors?: boolean; closeButton?: boolean };

export function ShopToaster() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    return whenSonnerLoads((m) => setToaster(() => m.Toaster as ComponentType<ToasterProps>));
  }, []);
  return Toaster ? (
    <Toaster duration={TOAST_DURATION_MS} position="top-right" richColors closeButton />
  ) : null;
}
