import { useEffect, useState } from "react";

const MOVING_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

/** Whether the reader has moved through the page since it opened: a wheel, a swipe or a key that scrolls. */
export function useReaderMoved(): boolean {
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) return;
    const onMove = () => setMoved(true);
    const onKey = (event: KeyboardEvent) => {
      if (MOVING_KEYS.has(event.key)) setMoved(true);
    };
    window.addEventListener("wheel", onMove, { passive: true });
    window.addEventListener("touchmove", onMove, { passive: true });
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("wheel", onMove);
      window.removeEventListener("touchmove", onMove);
      window.removeEventListener("keydown", onKey);
    };
  }, [moved]);
  return moved;
}
