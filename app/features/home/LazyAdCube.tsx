// Shows the ad cube 400 ms after load; its code loads only then. On a first visit "load" is
// when the page is the shopper's again: after the 18+ gate, its welcome and the cookie banner
// (first-visit/overlay-turn.ts), so the cube never joins another overlay. Once the shopper
// closes it, it stays closed for the browser session.
import { lazy, Suspense, useEffect, useState } from "react";
import { useOverlayTurn } from "../first-visit/overlay-turn";
import { type AdProduct, adCubeDismissed } from "./ad-cube-state";

export const AD_CUBE_DELAY_MS = 400;

const AdCube = lazy(() => import("./AdCube"));

export function LazyAdCube({ ad }: { ad: AdProduct }) {
  const [visible, setVisible] = useState(false);
  // The first visit's overlays are done (the newsletter is the last turn and waits for nothing here).
  const pageIsFree = useOverlayTurn() === "newsletter";
  useEffect(() => {
    if (!pageIsFree || adCubeDismissed()) return;
    const t = setTimeout(() => setVisible(true), AD_CUBE_DELAY_MS);
    return () => clearTimeout(t);
  }, [pageIsFree]);
  return visible ? (
    <Suspense fallback={null}>
      <AdCube ad={ad} />
    </Suspense>
  ) : null;
}
