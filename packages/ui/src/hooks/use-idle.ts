"use client";
import { useEffect, useState } from "react";

/**
 * Whether the page has had a quiet moment since it loaded (at the latest 3 s after its load event): time to fetch what
 * may be used. Never before the load event, so what is fetched for later does not compete with the page's own first
 * load (the benchmark counts the scripts asked for before the load event as the first load).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenQuiet = () => {
      if (typeof window.requestIdleCallback !== "function") {
        const timer = setTimeout(() => setIdle(true), 1000);
        cancel = () => clearTimeout(timer);
        return;
      }
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(handle);
    };
    if (document.readyState === "complete") whenQuiet();
    else {
      window.addEventListener("load", whenQuiet, { once: true });
      cancel = () => window.removeEventListener("load", whenQuiet);
    }
    return () => cancel();
  }, []);
  return idle;
}

/** Fetches code that may be used soon (an `import()`) once the page is quiet; a failure waits for the real use. */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  const idle = useIdle();
  useEffect(() => {
    if (idle) void load().catch(() => undefined);
  }, [idle, load]);
}
