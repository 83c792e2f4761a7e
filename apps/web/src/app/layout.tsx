// The document: title, theme-aware html and the client providers every page shares.
import { PAGE_TITLE } from "@atelier/domain";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "~/components/shell/providers";
import "./globals.css";

export const metadata: Metadata = { title: PAGE_TITLE, description: "Design requests, files, feedback and invoices in one place." };
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
