// A carousel that renders on the server as a plain scrollable track (swipe works before any
// JavaScript) and becomes an embla carousel once it scrolls into view. Items per view follow
// the spec (section 9), except that phones show two products side by side (issue 24): products
// 2-5 at widths 0/760/1000/1300, brands 2-6, hero 1.
import type { EmblaCarouselType } from "embla-carousel";
import { Children, lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { useInDelayedHydration } from "./BelowFold";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

const EmblaEnhancer = lazy(() => import("./EmblaEnhancer"));

/** What a shopper does first to a carousel: each loads embla for one that waits for it. */
const TOUCH_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "scroll", "wheel"] as const;

export type CarouselKind = "product" | "brand" | "hero";

const SLIDE: Record<CarouselKind, string> = {
  product: "basis-1/2 min-[760px]:basis-1/3 min-[1000px]:basis-1/4 min-[1300px]:basis-1/5",
  brand: "basis-1/2 min-[576px]:basis-1/3 min-[768px]:basis-1/4 min-[992px]:basis-1/5 min-[1200px]:basis-1/6",
  hero: "basis-full",
};

export interface CarouselProps {
  kind: CarouselKind;
  children: ReactNode;
  /** Accessible name of the carousel region. */
  label: string;
  /** Autoplay interval in ms; off when omitted. */
  autoplay?: number;
  loop?: boolean;
  /** Transition duration (embla units; 20 is about 200 ms, 30 about 400 ms). */
  duration?: number;
  dots?: boolean;
  className?: string;
  testId?: string;
  /**
   * How many slides the server renders; the rest are added once the carousel hydrates. Only
   * for a carousel inside a BelowFold section, whose late hydration renders what the server did
   * before adding the rest. Enough to fill the widest view keeps the first screenful whole.
   */
  serverSlides?: number;
}

export function Carousel({
  kind,
  children,
  label,
  autoplay,
  loop = false,
  duration = 20,
  dots = false,
  className = "",
  testId,
  serverSlides,
}: CarouselProps) {
  const t = useTranslations("Common");
  const viewportRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(loop);
  const [canNext, setCanNext] = useState(true);
  const paused = useRef(false);
  /** The slide a dot scrolled the native track to before embla took over. */
  const nativeTarget = useRef<number | null>(null);
  const allSlides = Children.toArray(children);
  // Each slide is a few dozen elements the browser parses and lays out before the first
  // paint, and those off to the side are not seen until the carousel moves.
  const asOnServer = useInDelayedHydration() || typeof document === "undefined";
  const slides = asOnServer && serverSlides ? allSlides.slice(0, serverSlides) : allSlides;

  // A carousel that moves by itself loads embla when it comes near the viewport. One that only
  // moves when told to (the hero) loads it when the shopper first reaches for it: until then
  // the server-rendered track already swipes, and the first screen's start-up stays short.
  useEffect(() => {
    const el = viewportRef.current;
    const section = el?.parentElement;
    if (!el || !section) return;
    if (!autoplay) {
      const wake = () => {
        for (const type of TOUCH_EVENTS) section.removeEventListener(type, wake, true);
        setViewport(el);
      };
      for (const type of TOUCH_EVENTS) section.addEventListener(type, wake, { capture: true, passive: true });
      return () => {
        for (const type of TOUCH_EVENTS) section.removeEventListener(type, wake, true);
      };
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setViewport(el);
          io.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [autoplay]);

  const onApi = useCallback((a: EmblaCarouselType | null) => setApi(a), []);

  useEffect(() => {
    if (!api) return;
    // The native scroll of the server-rendered track must not add to embla's translation; embla
    // starts on the slide the shopper had scrolled to, or was on the way to.
    const track = viewportRef.current;
    const slideWidth =
      (track?.querySelector<HTMLElement>("[aria-roledescription=slide]")?.offsetWidth ?? 0) || 1;
    const start = nativeTarget.current ?? (track ? Math.round(track.scrollLeft / slideWidth) : 0);
    track?.scrollTo({ left: 0, behavior: "instant" });
    api.reInit();
    if (start > 0) api.scrollTo(Math.min(start, api.scrollSnapList().length - 1), true);
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    sync();
    api.on("select", sync).on("reInit", sync);
    return () => {
      api.off("select", sync).off("reInit", sync);
    };
  }, [api]);

  useEffect(() => {
    if (!api || !autoplay) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => {
      if (paused.current || document.hidden) return;
      if (api.canScrollNext()) api.scrollNext();
      else api.scrollTo(0);
    }, autoplay);
    return () => window.clearInterval(timer);
  }, [api, autoplay]);

  const step = (dir: 1 | -1) => {
    if (api) {
      if (dir > 0) api.scrollNext();
      else api.scrollPrev();
      return;
    }
    const el = viewportRef.current;
    el?.scrollBy({ left: dir * el.clientWidth, behavior: "smooth" });
  };

  const goTo = (i: number) => {
    if (api) {
      api.scrollTo(i);
      return;
    }
    const el = viewportRef.current;
    // At once: embla, already on its way, takes over from wherever the track is.
    el?.scrollTo({ left: i * el.clientWidth, behavior: "instant" });
    nativeTarget.current = i;
    setSelected(i);
  };

  const navBtn =
    "absolute top-1/2 z-10 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow-md ring-1 ring-slate-200 transition hover:bg-brand hover:text-white disabled:opacity-0 sm:flex";
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      data-ready={api ? "true" : "false"}
      className={`relative ${className}`}
      onMouseEnter={() => {
        paused.current = true;
      }}
      onMouseLeave={() => {
        paused.current = false;
      }}
      onFocusCapture={() => {
        paused.current = true;
      }}
      onBlurCapture={() => {
        paused.current = false;
      }}
    >
      <div
        ref={viewportRef}
        className={`${api ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"}`}
      >
        <div className={`flex ${kind === "hero" ? "" : "-ml-4"} touch-pan-y`}>
          {slides.map((child, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t("slideOf", { index: String(i + 1), total: String(allSlides.length) })}
              className={`min-w-0 shrink-0 grow-0 snap-start ${SLIDE[kind]} ${kind === "hero" ? "" : "pl-4"}`}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      {allSlides.length > 1 ? (
        <>
          <button
            type="button"
            aria-label={t("previous")}
            onClick={() => step(-1)}
            disabled={api ? !canPrev : false}
            className={`${navBtn} left-2`}
          >
            <ChevronLeftIcon size={20} />
          </button>
          <button
            type="button"
            aria-label={t("next")}
            onClick={() => step(1)}
            disabled={api ? !canNext : false}
            className={`${navBtn} right-2`}
          >
            <ChevronRightIcon size={20} />
          </button>
        </>
      ) : null}
      {dots && allSlides.length > 1 ? (
        <div className="absolute inset-x-0 bottom-4 z-10 flex justify-center gap-2">
          {allSlides.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
              key={i}
              type="button"
              aria-label={t("goToSlide", { index: String(i + 1) })}
              aria-current={selected === i ? "true" : undefined}
              onClick={() => goTo(i)}
              className={`h-2.5 rounded-full transition-all ${selected === i ? "w-7 bg-white" : "w-2.5 bg-white/50 hover:bg-white/80"}`}
            />
          ))}
        </div>
      ) : null}
      {viewport ? (
        <Suspense fallback={null}>
          <EmblaEnhancer
            viewport={viewport}
            options={{ loop, duration, align: "start", containScroll: loop ? false : "trimSnaps" }}
            onApi={onApi}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
