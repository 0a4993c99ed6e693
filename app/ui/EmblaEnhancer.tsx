// Turns a server-rendered track into an embla carousel. Loaded lazily (with embla) only when
// a carousel comes into view, so embla is never in a page's first-load JavaScript.
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect } from "react";

export default function EmblaEnhancer({
  viewport,
  options,
  onApi,
}: {
  viewport: HTMLElement;
  options: EmblaOptionsType;
  onApi: (api: EmblaCarouselType | null) => void;
}) {
  const [ref, api] = useEmblaCarousel(options);
  useEffect(() => {
    ref(viewport);
    return () => ref(null);
  }, [ref, viewport]);
  useEffect(() => {
    onApi(api ?? null);
    return () => onApi(null);
  }, [api, onApi]);
  return null;
}
