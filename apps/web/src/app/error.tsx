"use client";
// A page that failed while rendering: the branded error page, with a retry that renders it again.
import { Button, buttonVariants } from "@atelier/ui";
import Link from "next/link";
import { useEffect } from "react";
import { StatusPage } from "~/components/shell/status-page";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusPage
      code="Error"
      title="Something went wrong"
      description={`This page could not be shown. Try again; if it keeps happening, tell us what you were doing${error.digest ? ` and quote ${error.digest}` : ""}.`}
    >
      <Link href="/" className={buttonVariants({ variant: "outline", className: "min-h-11 sm:min-h-9" })}>
        Go to your projects
      </Link>
      <Button className="min-h-11 sm:min-h-9" onClick={reset}>
        Try again
      </Button>
    </StatusPage>
  );
}
