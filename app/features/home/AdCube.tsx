// The optional 3D rotating ad cube of the home page (the product flagged as the web pop-up ad):
// it appears 400 ms after load; a click unfolds it for 750 ms, then opens the product page.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { CloseIcon } from "../../ui/icons";

import type { AdProduct } from "./LazyAdCube";

export const AD_CUBE_UNFOLD_MS = 750;

const SIZE = 96;
const half = SIZE / 2;
const FACES = [
  `rotateY(0deg) translateZ(${half}px)`,
  `rotateY(90deg) translateZ(${half}px)`,
  `rotateY(180deg) translateZ(${half}px)`,
  `rotateY(-90deg) translateZ(${half}px)`,
  `rotateX(90deg) translateZ(${half}px)`,
  `rotateX(-90deg) translateZ(${half}px)`,
];
// Where each face flies when the cube unfolds.
const UNFOLDED = [
  `translateZ(${SIZE * 2}px)`,
  `rotateY(90deg) translateZ(${SIZE * 2}px)`,
  `rotateY(180deg) translateZ(${SIZE * 2}px)`,
  `rotateY(-90deg) translateZ(${SIZE * 2}px)`,
  `rotateX(90deg) translateZ(${SIZE * 2}px)`,
  `rotateX(-90deg) translateZ(${SIZE * 2}px)`,
];

export default function AdCube({ ad }: { ad: AdProduct }) {
  const [unfolded, setUnfolded] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!unfolded) return;
    const t = setTimeout(() => navigate(`/product/default/${ad.id}`), AD_CUBE_UNFOLD_MS);
    return () => clearTimeout(t);
  }, [unfolded, ad.id, navigate]);

  if (dismissed) return null;
  return (
    <div
      className="fixed bottom-5 left-5 z-30 motion-safe:animate-[slide-down_.4s_ease-out]"
      data-testid="ad-cube"
    >
      <button
        type="button"
        aria-label="Close ad"
        onClick={() => setDismissed(true)}
        className="absolute -right-3 -top-3 z-10 flex h-7 w-7 items-center justify-center rounded-full bg-white text-slate-600 shadow ring-1 ring-slate-200 hover:text-slate-900"
      >
        <CloseIcon size={14} />
      </button>
      <button
        type="button"
        onClick={() => setUnfolded(true)}
        aria-label={`Special offer: ${ad.name}`}
        className="block [perspective:600px]"
        style={{ width: SIZE, height: SIZE }}
      >
        <span className="ad-cube relative block h-full w-full" data-unfolded={unfolded ? "true" : "false"}>
          {FACES.map((transform, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: six fixed faces
              key={i}
              className="absolute inset-0 flex items-center justify-center overflow-hidden border-2 border-white bg-brand text-center text-[11px] font-bold uppercase leading-tight text-white shadow-inner"
              style={{ transform: unfolded ? UNFOLDED[i] : transform }}
            >
              {i % 2 === 0 && ad.picture ? (
                <img
                  src={ad.picture.url}
                  alt=""
                  width={SIZE}
                  height={SIZE}
                  className="h-full w-full bg-white object-cover"
                />
              ) : (
                <span className="px-1">
                  {i === 1 ? "Special offer" : i === 3 ? "Tap to see" : "Hot deal"}
                </span>
              )}
            </span>
          ))}
        </span>
      </button>
    </div>
  );
}
