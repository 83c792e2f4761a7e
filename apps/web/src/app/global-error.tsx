"use client";
// The root layout itself failed: the same branded error page, in a document of its own (no providers run here).
import { Button } from "@atelier/ui";
import { useEffect } from "react";
import { StatusPage } from "~/components/shell/status-page";
import "./globals.css";

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
    // No theme provider here: follow the stored choice (next-themes' key), else the system's.
    const stored = window.localStorage.getItem("theme");
    const dark = stored === "dark" || ((!stored || stored === "system") && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  }, [error]);
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <StatusPage
          code="Error"
          title="Something went wrong"
          description={`${"Atelier could not be shown. Try again in a moment"}${error.digest ? `; if it keeps happening, quote ${error.digest}` : ""}.`}
        >
          <a href="/" className="inline-flex min-h-11 items-center justify-center rounded-md border px-4 text-sm font-medium sm:min-h-9">
            Go to your projects
          </a>
          <Button className="min-h-11 sm:min-h-9" onClick={reset}>
            Try again
          </Button>
        </StatusPage>
      </body>
    </html>
  );
}
