// The frame of a guest's review page: centred, with the product's name and nothing of the app around it.
import { PRODUCT_NAME } from "@atelier/domain";
import { Card, CardDescription, CardHeader, CardTitle } from "@atelier/ui";
import type { ReactNode } from "react";

/** A page of its own, centred, with the product's name: the guest sees nothing of the app around it. */
export function GuestFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="min-h-dvh bg-muted/40 px-3 py-4 sm:px-6 sm:py-8">
      <div className={wide ? "mx-auto grid max-w-5xl gap-4" : "mx-auto grid max-w-md gap-4"}>
        <p className="flex items-center gap-2 text-sm font-semibold tracking-tight">
          <img src="/logo.svg" alt="" width={24} height={24} />
          {PRODUCT_NAME}
        </p>
        {children}
      </div>
    </main>
  );
}

/** A short page that says why there is nothing to show. */
export function GuestNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <GuestFrame>
      <Card role="alert" data-testid="guest-notice">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription className="wrap-anywhere">{children}</CardDescription>
        </CardHeader>
      </Card>
    </GuestFrame>
  );
}
