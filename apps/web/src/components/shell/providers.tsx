"use client";
// Client-side context for every page: session (as the server read it for this page, then refetched on window focus)
// and theme. The API's client, toasts and the uploads tray are the application's pages' (data-providers.tsx).
import { ThemeProvider } from "@atelier/ui";
import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { SESSION_REFETCH_ON_WINDOW_FOCUS } from "~/settings";

export function Providers({ session, children }: { session: Session | null; children: ReactNode }) {
  return (
    <SessionProvider session={session} refetchOnWindowFocus={SESSION_REFETCH_ON_WINDOW_FOCUS}>
      <ThemeProvider>{children}</ThemeProvider>
    </SessionProvider>
  );
}
