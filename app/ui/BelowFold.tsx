// Sections whose first hydration waits (app/lib/deferred-hydration.ts). The server renders them
// as usual; later client renders (a navigation, say) render them at once.
//
// BelowFold: a section that starts below the fold (or is hidden at this width). It hydrates when
// it comes into view. Given an estimated height, the browser also skips its style and layout
// while it is off screen (content-visibility); that clips painting to the wrapper, so it suits
// whole sections, not a card whose hover shadow reaches past its edge.
//
// HydrateInTurn: a part of the first screen that hydrates in a task of its own right after the
// rest, so the page's hydration is several short tasks instead of one long one.
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useState,
} from "react";
import { deferredSectionProps, takeResuming, untilNextTask, untilWanted } from "../lib/deferred-hydration";

const DelayedHydration = createContext(false);

/**
 * True while the enclosing section hydrates late: state read in the browser only (the stored
 * lists) must then render as on the server, and shows one render later.
 */
export const useInDelayedHydration = (): boolean => useContext(DelayedHydration);

interface BelowFoldProps {
  /** Unique on the page. */
  id: string;
  /** Roughly how tall the section is on a phone: the space it holds until it is first laid out. */
  estimatedHeight?: number;
  /** Render the children as they are (for the first items of a list that starts above the fold). */
  skip?: boolean;
  children: ReactNode;
}

export function BelowFold({ skip, ...props }: BelowFoldProps) {
  if (skip) return props.children;
  return (
    <Suspense fallback={null}>
      <Section {...props} until={untilWanted} />
    </Suspense>
  );
}

export function HydrateInTurn(props: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Section {...props} until={untilNextTask} />
    </Suspense>
  );
}

function Section({
  id,
  estimatedHeight,
  until,
  children,
}: Omit<BelowFoldProps, "skip"> & { until: (id: string) => Promise<void> | null }) {
  // Thrown while hydrating, the promise makes preact/compat keep this section's markup as the
  // server sent it and hydrate it once the promise settles.
  const wanted = typeof document === "undefined" ? null : until(id);
  if (wanted) throw wanted;
  const [hydrating, setHydrating] = useState(() => typeof document !== "undefined" && takeResuming(id));
  useEffect(() => {
    if (hydrating) setHydrating(false);
  }, [hydrating]);
  // "auto" remembers the laid-out height once the section has been on screen.
  const style: CSSProperties | undefined = estimatedHeight
    ? { contentVisibility: "auto", containIntrinsicSize: `auto ${estimatedHeight}px` }
    : undefined;
  return (
    <DelayedHydration.Provider value={hydrating}>
      <div style={style} {...deferredSectionProps(id)}>
        {children}
      </div>
    </DelayedHydration.Provider>
  );
}
