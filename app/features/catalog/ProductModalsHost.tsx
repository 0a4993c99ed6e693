// Mounts the quick view and video modals; their code loads the first time one opens, so it
// stays out of every page's first-load JavaScript.
import { lazy, Suspense } from "react";
import { useProductModals } from "./quick-view";

const QuickViewModal = lazy(() => import("../product/QuickViewModal"));
const VideoModal = lazy(() => import("../product/VideoModal"));

export function ProductModalsHost() {
  const { quickView, videoUrl } = useProductModals();
  return (
    <>
      {quickView ? (
        <Suspense fallback={null}>
          <QuickViewModal target={quickView} />
        </Suspense>
      ) : null}
      {videoUrl ? (
        <Suspense fallback={null}>
          <VideoModal url={videoUrl} />
        </Suspense>
      ) : null}
    </>
  );
}
