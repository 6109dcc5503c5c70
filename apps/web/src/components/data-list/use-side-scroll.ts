import { useEffect, useRef, useState } from 'react';

export interface SideScroll {
  /** The table is wider than its frame. */
  overflows: boolean;
  /** There is more to the left / to the right of what is shown. */
  moreLeft: boolean;
  moreRight: boolean;
}

const NONE: SideScroll = { overflows: false, moreLeft: false, moreRight: false };

/**
 * Follows whether a table's scroll viewport can move sideways, so the list can say so (issue 34 item 12: a
 * wide table cut at the edge looked complete). Re-measured on scroll and whenever the viewport or the table
 * change size (a new page of rows, a narrower window).
 */
export function useSideScroll() {
  const viewportRef = useRef<HTMLDivElement | null>(null);
  const [state, setState] = useState<SideScroll>(NONE);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const measure = () => {
      // One pixel of slack: sub-pixel widths must not show a hint for nothing.
      const max = viewport.scrollWidth - viewport.clientWidth;
      const left = Math.abs(viewport.scrollLeft);
      const next = { overflows: max > 1, moreLeft: max > 1 && left > 1, moreRight: max > 1 && left < max - 1 };
      setState((s) =>
        s.overflows === next.overflows && s.moreLeft === next.moreLeft && s.moreRight === next.moreRight ? s : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    for (const child of Array.from(viewport.children)) observer.observe(child);
    const table = viewport.querySelector('table');
    if (table) observer.observe(table);
    viewport.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      viewport.removeEventListener('scroll', measure);
    };
  }, []);

  return { viewportRef, ...state };
}
