"use client";
// The toast queue's view, fetched with the first toast rather than with every page (docs/performance.md): `toast()`
// keeps its queue in the module, so a toast raised before the view has loaded is shown once it has.
import { lazy, Suspense, useState } from "react";
import { useToast } from "../hooks/use-toast";

const ToasterView = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/** Mount once near the root of the app. */
export function Toaster() {
  const { toasts } = useToast();
  // Once drawn it stays, so the last toast plays its exit out.
  const [drawn, setDrawn] = useState(false);
  if (toasts.length > 0 && !drawn) setDrawn(true);
  if (!drawn && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
