// A section that starts below the fold (or is hidden at this width). Its first hydration waits
// until it comes into view
// (app/lib/deferred-hydration.ts), and, given an estimated height, the browser skips its style
// and layout while it is off screen (content-visibility), keeping both costs out of the page's
// first seconds. content-visibility also clips painting to the wrapper, so it suits whole
// sections, not a card whose hover shadow reaches past its edge. The server renders it as
// usual; later client renders (a navigation, say) render it at once.
import { type CSSProperties, type ReactNode, Suspense } from "react";
import { deferredSectionProps, untilWanted } from "../lib/deferred-hydration";

interface Props {
  /** Unique on the page. */
  id: string;
  /** Roughly how tall the section is on a phone: the space it holds until it is first laid out. */
  estimatedHeight?: number;
  /** Render the children as they are (for the first items of a list that starts above the fold). */
  skip?: boolean;
  children: ReactNode;
}

export function BelowFold(props: Props) {
  if (props.skip) return props.children;
  return (
    <Suspense fallback={null}>
      <Section {...props} />
    </Suspense>
  );
}

function Section({ id, estimatedHeight, children }: Props) {
  // Thrown while hydrating, the promise makes preact/compat keep this section's markup as the
  // server sent it and hydrate it once the promise settles.
  const wanted = typeof document === "undefined" ? null : untilWanted(id);
  if (wanted) throw wanted;
  // "auto" remembers the laid-out height once the section has been on screen.
  const style: CSSProperties | undefined = estimatedHeight
    ? { contentVisibility: "auto", containIntrinsicSize: `auto ${estimatedHeight}px` }
    : undefined;
  return (
    <div style={style} {...deferredSectionProps(id)}>
      {children}
    </div>
  );
}
