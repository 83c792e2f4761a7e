"use client";
// Shell button that picks light, dark or system theme from a small menu, loaded on demand (deferred-menu.tsx).
import { Moon, Sun } from "lucide-react";
import { lazy } from "react";
import { cn } from "../lib/cn";
import { Button } from "./button";
import { DeferredMenu } from "./deferred-menu";

const loadMenu = () => import("./theme-menu");
const ThemeMenu = lazy(loadMenu);

export function ThemeToggle({ className }: { className?: string }) {
  return (
    <DeferredMenu
      menu={(props) => <ThemeMenu {...props} />}
      preload={loadMenu}
      trigger={
        <Button variant="ghost" size="icon" className={cn("relative", className)}>
          {/* Both icons are rendered and swapped by CSS so the server markup matches before the theme is known. */}
          <Sun aria-hidden className="size-5 rotate-0 scale-100 transition-all dark:-rotate-90 dark:scale-0" />
          <Moon aria-hidden className="absolute size-5 rotate-90 scale-0 transition-all dark:rotate-0 dark:scale-100" />
          <span className="sr-only">Toggle theme</span>
        </Button>
      }
    />
  );
}
