// The document: title, theme-aware html and the client providers every page shares. The session is read here, on the
// server, and handed to the client with the page: a signed-in person's first paint is the page, not a loading screen
// waiting for /api/auth/session (docs/performance.md).
import { PAGE_TITLE } from "@atelier/domain";
import type { Metadata, Viewport } from "next";
import { getServerSession } from "next-auth";
import type { ReactNode } from "react";
import { Providers } from "~/components/shell/providers";
import { getServer } from "~/server/server";
import "./globals.css";

export const metadata: Metadata = { title: PAGE_TITLE, description: "Design requests, files, feedback and invoices in one place." };
export const viewport: Viewport = { width: "device-width", initialScale: 1 };
// Every page depends on the request's session: none is drawn at build time (nor is the server started for it then).
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession((await getServer()).authOptions);
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <Providers session={session}>{children}</Providers>
      </body>
    </html>
  );
}
