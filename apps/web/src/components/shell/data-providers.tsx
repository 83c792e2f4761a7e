"use client";
// What the pages that read and write through the API share: tRPC and its query cache, toasts, and the uploads tray (an
// upload goes on while the person moves between pages). Not on the login page, which needs none: its first load stays
// small.
import { Toaster, UploadTray } from "@atelier/ui";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "~/trpc/react";

export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <TRPCReactProvider>
      {children}
      <Toaster />
      <UploadTray />
    </TRPCReactProvider>
  );
}
