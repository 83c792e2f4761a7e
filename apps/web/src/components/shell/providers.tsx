"use client";
// Client-side context for every page: session (refetched on window focus) and theme. The API's client, toasts and the
// uploads tray are the application's pages' (data-providers.tsx).
import { ThemeProvider } from "@atelier/ui";
import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { SESSION_REFETCH_ON_WINDOW_FOCUS } from "~/settings";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus={SESSION_REFETCH_ON_WINDOW_FOCUS}>
      <ThemeProvider>{children}</ThemeProvider>
    </SessionProvider>
  );
}
