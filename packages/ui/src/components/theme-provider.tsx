"use client";
import { ThemeProvider as NextThemesProvider } from "next-themes";
// Light/dark/system theme via a class on <html>, remembered under the product's storage key.
import type { ComponentProps } from "react";
import { THEME_STORAGE_KEY } from "../settings";

export type ThemeProviderProps = ComponentProps<typeof NextThemesProvider>;

export function ThemeProvider({ children, ...props }: ThemeProviderProps) {
  return (
    <NextThemesProvider
      attribute="class"
      storageKey={THEME_STORAGE_KEY}
      defaultTheme="system"
      enableSystem
      // Without this every colour transitions at once when the theme flips.
      disableTransitionOnChange
      {...props}
    >
      {children}
    </NextThemesProvider>
  );
}
