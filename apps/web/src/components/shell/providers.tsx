"use client";
// Client-side context for every page: session (refetched on window focus), theme, data, toasts and the uploads tray.
import { ThemeProvider, Toaster, UploadTray } from "@atelier/ui";
import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { SESSION_REFETCH_ON_WINDOW_FOCUS } from "~/settings";
import { TRPCReactProvider } from "~/trpc/react";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus={SESSION_REFETCH_ON_WINDOW_FOCUS}>
      <ThemeProvider>
        <TRPCReactProvider>
          {children}
          <Toaster />
          <UploadTray />
        </TRPCReactProvider>
      </ThemeProvider>
    </SessionProvider>
  );
}
