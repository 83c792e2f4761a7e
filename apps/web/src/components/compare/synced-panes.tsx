"use client";
// Side by side with zoom and scroll kept in step: both panes show their file at the same zoom, and scrolling one
// (finger, wheel, keys) scrolls the other to the same place, as fractions of what each can scroll.
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from "react";

/** An element's inner width, followed as it changes. */
export function useWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [useCallback((node: HTMLDivElement | null) => setEl(node), []), width];
}

/** Scrolls `to` to where `from` is, as fractions; a move under a pixel is none, so the echo stops there. */
function follow(from: HTMLElement, to: HTMLElement) {
  const fraction = (at: number, room: number) => (room > 0 ? at / room : 0);
  const left = fraction(from.scrollLeft, from.scrollWidth - from.clientWidth) * (to.scrollWidth - to.clientWidth);
  const top = fraction(from.scrollTop, from.scrollHeight - from.clientHeight) * (to.scrollHeight - to.clientHeight);
  if (Math.abs(to.scrollLeft - left) >= 1 || Math.abs(to.scrollTop - top) >= 1) to.scrollTo({ left, top });
}

type Pane = { caption: string; render: (width: number) => ReactNode };

export function SyncedPanes({ zoom, panes }: { zoom: number; panes: [Pane, Pane] }) {
  const scrollers = useRef<(HTMLDivElement | null)[]>([]);
  const [measure, width] = useWidth();
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="compare-side">
      {panes.map((pane, i) => (
        <figure key={i === 0 ? "before" : "after"} className="grid min-w-0 gap-1">
          <div
            ref={(el) => {
              scrollers.current[i] = el;
              if (i === 0) measure(el);
            }}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling pane is reached by keyboard to scroll it
            tabIndex={0}
            data-testid="compare-pane"
            onScroll={(e) => {
              const other = scrollers.current[1 - i];
              if (other) follow(e.currentTarget, other);
            }}
            className="max-h-[35dvh] overflow-auto rounded border bg-muted/40 sm:max-h-[62dvh]"
          >
            {width > 0 && pane.render(Math.floor(width * zoom))}
          </div>
          <figcaption className="truncate text-xs text-muted-foreground">{pane.caption}</figcaption>
        </figure>
      ))}
    </div>
  );
}
