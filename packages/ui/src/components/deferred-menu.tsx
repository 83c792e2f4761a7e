"use client";
// A menu button whose menu (Radix's DropdownMenu, its positioning and focus handling) is fetched once the page is
// quiet or when first pressed, not with the page: the shell's account and theme menus stay out of every page's first
// load (docs/performance.md). Until then the button is drawn alone, looking and answering as the menu's trigger does.
import { cloneElement, type KeyboardEvent, type PointerEvent, type ReactElement, type ReactNode, Suspense, useState } from "react";
import { usePreloadWhenIdle } from "../hooks/use-idle";

/** What a deferred menu component takes: the trigger to wrap (asChild) and whether it opens at once. */
export interface DeferredMenuProps {
  trigger: ReactElement;
  defaultOpen: boolean;
}

interface TriggerProps {
  "aria-haspopup"?: "menu";
  "aria-expanded"?: boolean;
  onPointerDown?: (event: PointerEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}

/** Keys that open a menu from its trigger, as Radix's trigger has them. */
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

export function DeferredMenu({
  trigger,
  menu,
  preload,
}: {
  /** The button; rendered alone until the menu is loaded, then as the menu's trigger. */
  trigger: ReactElement<TriggerProps>;
  /** Draws the DropdownMenu around `trigger`: a component from `lazy(() => import(...))`. */
  menu: (props: DeferredMenuProps) => ReactNode;
  /** The same import, to fetch the menu's code without drawing it. */
  preload: () => Promise<unknown>;
}) {
  const [wanted, setWanted] = useState(false);
  usePreloadWhenIdle(preload);

  if (wanted) {
    return <Suspense fallback={trigger}>{menu({ trigger, defaultOpen: true })}</Suspense>;
  }
  return cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      setWanted(true);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      setWanted(true);
    },
  });
}
