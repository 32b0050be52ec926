import { useCallback, useEffect, useRef, useState } from 'react';
import type { TimelineView } from './scheduleTimeline.ts';

/**
 * The part of the slot area the scrolled timeline box shows (it follows scrolling and resizing), and a way to
 * scroll it by one view. `labelWidth` is the sticky first column's, which covers the slots beneath it.
 */
export function useTimelineView(labelWidth: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<TimelineView | null>(null);
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const next = { scrollLeft: box.scrollLeft, width: box.clientWidth - labelWidth };
    setView((current) =>
      current?.scrollLeft === next.scrollLeft && current.width === next.width ? current : next,
    );
  }, [labelWidth]);
  useEffect(() => {
    measure();
    const box = ref.current;
    // jsdom, in unit tests, has no observer
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [measure]);
  const scrollByView = (direction: -1 | 1) => {
    const box = ref.current;
    if (box) box.scrollBy({ left: direction * (box.clientWidth - labelWidth) });
  };
  return { ref, view, measure, scrollByView };
}
