// The viewer's scrolling frame and its inner size, which images fit and PDF pages fill the width of.
import { useCallback, useLayoutEffect, useRef, useState } from "react";

export function useFrame() {
  const scroller = useRef<HTMLDivElement | null>(null);
  // The dialog's content mounts after the dialog (in a portal): effects that need the frame wait for it.
  const [frameEl, setFrameEl] = useState<HTMLDivElement | null>(null);
  const [frame, setFrame] = useState({ w: 0, h: 0 });
  const frameRef = useCallback((el: HTMLDivElement | null) => {
    scroller.current = el;
    setFrameEl(el);
  }, []);

  useLayoutEffect(() => {
    const el = frameEl;
    if (!el) return;
    const measure = () => setFrame({ w: Math.max(120, el.clientWidth - 2), h: Math.max(120, el.clientHeight - 2) });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frameEl]);

  return { scroller, frameEl, frameRef, frame };
}
