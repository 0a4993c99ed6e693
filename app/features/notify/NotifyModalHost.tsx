// Mounted once by the root layout. Loads the modal's code only when a product page or quick
// view opens it, and dismisses it on every finished navigation (spec section 2).
import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { closeNotifyModal, useNotifyModal } from "./notify-modal";

const NotifyModal = lazy(() => import("./NotifyModal"));

export function NotifyModalHost() {
  const product = useNotifyModal((s) => s.product);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose.
  useEffect(() => {
    closeNotifyModal();
  }, [location.pathname, location.search]);
  if (!product) return null;
  return (
    <Suspense fallback={null}>
      <NotifyModal product={product} />
    </Suspense>
  );
}
