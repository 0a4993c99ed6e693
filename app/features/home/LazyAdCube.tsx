// Shows the ad cube 400 ms after load; its code loads only then.
import { lazy, Suspense, useEffect, useState } from "react";

export const AD_CUBE_DELAY_MS = 400;

export interface AdProduct {
  id: number;
  name: string;
  picture: { url: string } | null;
}

const AdCube = lazy(() => import("./AdCube"));

export function LazyAdCube({ ad }: { ad: AdProduct }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setVisible(true), AD_CUBE_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  return visible ? (
    <Suspense fallback={null}>
      <AdCube ad={ad} />
    </Suspense>
  ) : null;
}
