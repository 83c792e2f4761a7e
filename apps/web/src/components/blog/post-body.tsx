"use client";
// A post's body as Markdown. The Markdown parser and its sanitiser (about 30 KB) load after the page; until then the
// body is shown as the text it is, escaped like any text (docs/performance.md).
import { lazy, Suspense } from "react";

const Markdown = lazy(() => import("@atelier/ui/markdown").then((m) => ({ default: m.Markdown })));

export function PostBody({ body }: { body: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed">{body}</div>}>
      <Markdown>{body}</Markdown>
    </Suspense>
  );
}
