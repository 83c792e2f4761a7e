// The branded page for what is not there or went wrong: the product's mark, a plain sentence, and a way on.
import { PRODUCT_NAME } from "@atelier/domain";
import type { ReactNode } from "react";

export function StatusPage({
  code,
  title,
  description,
  children,
}: {
  /** A short code in large type: "404", "Error". */
  code: string;
  title: string;
  description: string;
  /** The ways on: links or buttons. */
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4 text-foreground">
      <section
        aria-labelledby="status-title"
        className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border bg-card p-6 text-center text-card-foreground shadow-sm sm:p-10"
      >
        <p className="flex items-center gap-2 font-semibold tracking-tight">
          <img src="/logo.svg" alt="" width={28} height={28} />
          {PRODUCT_NAME}
        </p>
        <p className="text-5xl font-bold tracking-tight text-primary" aria-hidden>
          {code}
        </p>
        <h1 id="status-title" className="text-xl font-semibold wrap-anywhere">
          {title}
        </h1>
        <p className="text-sm text-muted-foreground wrap-anywhere">{description}</p>
        <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row sm:justify-center">{children}</div>
      </section>
    </main>
  );
}
