"use client";
// The filterable list (cmdk in a popover), loaded when first shown rather than with the page (docs/performance.md).
import dynamic from "next/dynamic";

export const LazyCombobox = dynamic(() => import("@atelier/ui/combobox").then((m) => m.Combobox), {
  ssr: false,
  loading: () => <div className="h-9 w-full animate-pulse rounded-md border bg-muted max-sm:h-11" />,
});
