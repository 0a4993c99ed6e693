// The optional 3D rotating ad cube of the home page (the product flagged as the web pop-up ad):
// it appears 400 ms after load; a click unfolds it for 750 ms, then opens the product page.
// It is parked small in the bottom-left corner (the scroll-to-top button has the right one),
// below the hero and the header on every width, with a close button that keeps it closed for
// the session.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { useLocalNavigate } from "../../lib/localized";
import { CloseIcon } from "../../ui/icons";

import { type AdProduct, dismissAdCube } from "./ad-cube-state";

export const AD_CUBE_UNFOLD_MS = 750;

/** Edge of the cube: --cube, 64 px on phones and 80 px from the sm breakpoint (see the class below). */
const SIZE = 80;
const half = "calc(var(--cube) / 2)";
const far = "calc(var(--cube) * 2)";
const FACES = [
  `rotateY(0deg) translateZ(${half})`,
  `rotateY(90deg) translateZ(${half})`,
  `rotateY(180deg) translateZ(${half})`,
  `rotateY(-90deg) translateZ(${half})`,
  `rotateX(90deg) translateZ(${half})`,
  `rotateX(-90deg) translateZ(${half})`,
];
// Where each face flies when the cube unfolds.
const UNFOLDED = [
  `translateZ(${far})`,
  `rotateY(90deg) translateZ(${far})`,
  `rotateY(180deg) translateZ(${far})`,
  `rotateY(-90deg) translateZ(${far})`,
  `rotateX(90deg) translateZ(${far})`,
  `rotateX(-90deg) translateZ(${far})`,
];

export default function AdCube({ ad }: { ad: AdProduct }) {
  const [unfolded, setUnfolded] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const t = useTranslations("Home");
  // A new function every render: the timer below reads the latest without restarting.
  const localNavigate = useLocalNavigate();
  const navigate = useRef(localNavigate);
  navigate.current = localNavigate;

  useEffect(() => {
    if (!unfolded) return;
    const timer = setTimeout(() => navigate.current(`/product/default/${ad.id}`), AD_CUBE_UNFOLD_MS);
    return () => clearTimeout(timer);
  }, [unfolded, ad.id]);

  if (dismissed) return null;
  return (
    <div
      className="fixed bottom-4 left-4 z-30 [--cube:64px] motion-safe:animate-[slide-down_.4s_ease-out] sm:bottom-5 sm:left-5 sm:[--cube:80px]"
      data-testid="ad-cube"
    >
      <button
        type="button"
        aria-label={t("closeAd")}
        onClick={() => {
          dismissAdCube();
          setDismissed(true);
        }}
        className="absolute -right-4 -top-4 z-10 flex h-8 w-8 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300 hover:text-slate-900"
      >
        <CloseIcon size={14} />
      </button>
      <button
        type="button"
        onClick={() => setUnfolded(true)}
        aria-label={t("specialOfferLabel", { name: ad.name })}
        className="block h-[var(--cube)] w-[var(--cube)] [perspective:600px]"
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
                  {i === 1 ? t("adSpecialOffer") : i === 3 ? t("adTapToSee") : t("adHotDeal")}
                </span>
              )}
            </span>
          ))}
        </span>
      </button>
    </div>
  );
}
