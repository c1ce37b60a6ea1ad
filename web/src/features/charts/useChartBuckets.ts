import { useLayoutEffect, useRef, useState } from 'react';

/** Most buckets the server answers (docs/api.md, simpleDevices/values). */
const MAX_BUCKETS = 2000;
/** Widths are rounded to this many pixels, so a small resize does not ask for the history again. */
const STEP_PX = 40;
/** Until the element is laid out (and where it never is, as in tests without layout). */
const FALLBACK_PX = 480;

/**
 * How many buckets a chart asks the server for: about one per pixel of the element it is drawn
 * in, following its width. Attach the ref to the chart's container.
 */
export function useChartBuckets<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(FALLBACK_PX);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.round((element.clientWidth || FALLBACK_PX) / STEP_PX) * STEP_PX || STEP_PX);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, buckets: Math.min(MAX_BUCKETS, Math.max(2, width)) };
}
