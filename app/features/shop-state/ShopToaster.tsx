// The one toast outlet of the storefront: the language layout renders it, and it mounts sonner's
// Toaster when the first toast loads sonner.
import { type ComponentType, useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { useCoreText } from "../../lib/localized";
import { setToastTranslator, TOAST_DURATION_MS, whenSonnerLoads } from "./toast";

type ToasterProps = {
  duration?: number;
  position?: string;
  richColors?: boolean;
  closeButton?: boolean;
  containerAriaLabel?: string;
  toastOptions?: { closeButtonAriaLabel?: string };
};

export function ShopToaster() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  const text = useCoreText();
  const t = useTranslations("Shell");
  // The toasts the shopping lists show (shop-state/actions.ts) come from the rules in English.
  useEffect(() => {
    setToastTranslator(text);
  });
  useEffect(() => {
    return whenSonnerLoads((m) => setToaster(() => m.Toaster as ComponentType<ToasterProps>));
  }, []);
  return Toaster ? (
    <Toaster
      duration={TOAST_DURATION_MS}
      position="top-right"
      richColors
      closeButton
      containerAriaLabel={t("notifications")}
      toastOptions={{ closeButtonAriaLabel: t("closeToast") }}
    />
  ) : null;
}
