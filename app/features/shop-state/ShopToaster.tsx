// The one toast outlet of the storefront, mounted by the root layout after hydration.
import { type ComponentType, useEffect, useState } from "react";
import { loadSonner, TOAST_DURATION_MS } from "./notify";

type ToasterProps = { duration?: number; position?: string; richColors?: boolean; closeButton?: boolean };

export function ShopToaster() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    void loadSonner().then((m) => {
      if (live) setToaster(() => m.Toaster as ComponentType<ToasterProps>);
    });
    return () => {
      live = false;
    };
  }, []);
  return Toaster ? (
    <Toaster duration={TOAST_DURATION_MS} position="top-right" richColors closeButton />
  ) : null;
}
