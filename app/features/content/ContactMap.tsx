// The contact page's map: centred on the store's client coordinates at zoom 16, only when the
// maps setting is on. Leaflet is loaded on this page only, after hydration, with tiles from the
// `map tiles url` setting. Without tiles (no URL, or none of them loads) the address block is
// shown instead; failures are also announced as a `storefront:map-error` window event.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import type { ContactContent } from "../../../core/api/content";
import { fallbackLang } from "../../../core/translation";

type MapState = "loading" | "ready" | "failed";

export function AddressBlock({
  address,
  phone,
  email,
  addressLang,
}: {
  address: string;
  phone: string;
  email: string;
  /** "en" where the address is the English text on a page in another language. */
  addressLang?: "en";
}) {
  return (
    <address className="not-italic text-slate-700" data-testid="map-address">
      <p className="font-medium text-slate-900" lang={addressLang}>
        {address}
      </p>
      {phone ? <p className="mt-1">{phone}</p> : null}
      {email ? <p className="mt-1">{email}</p> : null}
    </address>
  );
}

export function ContactMap({
  map,
  office,
  storeName,
  untranslated,
}: {
  map: ContactContent["map"];
  office: ContactContent["office"];
  storeName: string;
  /** The contact content's fields shown in English (core/translation.ts). */
  untranslated?: readonly string[];
}) {
  const t = useTranslations("Content");
  const el = useRef<HTMLElement>(null);
  const [state, setState] = useState<MapState>(map.tilesUrl ? "loading" : "failed");

  useEffect(() => {
    if (!map.enabled || !map.tilesUrl || map.latitude === null || map.longitude === null || !el.current)
      return;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    import("./leaflet-map")
      .then(({ mountMap }) => {
        if (cancelled || !el.current) return;
        dispose = mountMap(el.current, {
          latitude: map.latitude as number,
          longitude: map.longitude as number,
          zoom: map.zoom,
          tilesUrl: map.tilesUrl,
          label: storeName,
          onReady: () => setState("ready"),
          onFail: (reason) => {
            setState("failed");
            window.dispatchEvent(new CustomEvent("storefront:map-error", { detail: { reason } }));
          },
        });
      })
      .catch(() => setState("failed"));
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [map.enabled, map.tilesUrl, map.latitude, map.longitude, map.zoom, storeName]);

  if (!map.enabled) return null;
  const address = (
    <AddressBlock
      address={office.address}
      phone={office.phone}
      email={office.email}
      addressLang={fallbackLang({ untranslated }, "office.address")}
    />
  );
  if (state === "failed") {
    return (
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-6" data-testid="contact-map-fallback">
        {address}
      </div>
    );
  }
  return (
    <div
      className="relative h-80 overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
      data-testid="contact-map"
      data-state={state}
    >
      <section ref={el} className="absolute inset-0 z-0" aria-label={t("mapLabel", { name: storeName })} />
      {state !== "ready" ? (
        <div className="absolute inset-0 z-10 flex items-center justify-center bg-slate-50/90 p-6">
          {address}
        </div>
      ) : null}
    </div>
  );
}
