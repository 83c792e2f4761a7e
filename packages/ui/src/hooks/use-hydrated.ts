"use client";
import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while React takes over the server's HTML, true from then on (and at once for what mounts later): a form drawn
 * on the server waits for it, so nothing typed before the script ran is lost when the script takes over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
