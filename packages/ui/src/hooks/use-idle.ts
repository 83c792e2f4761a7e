"use client";
import { useEffect, useState } from "react";

/** Whether the page has had a quiet moment since it loaded (at the latest after 3 s): time to fetch what may be used. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(() => setIdle(true), 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
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
