"use client";
// The PDF text comparison (domain's comparePages over each page's own text): the pages whose words changed, each
// change with the words around it, and a way to that page.
import { comparePages, type PageTextChanges, plural, type TextChange } from "@atelier/domain";
import { Button } from "@atelier/ui";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";
import { pageText } from "./compare-pdf";

type State = { read: number; of: number; pages?: PageTextChanges[]; error?: string };

/** Every page's text of both PDFs, read page by page (pdf.js fetches only the ranges each page needs), then compared. */
function useTextChanges(before: PDFDocumentProxy, after: PDFDocumentProxy): State {
  const of = Math.max(before.numPages, after.numPages);
  const [state, setState] = useState<State>({ read: 0, of });
  useEffect(() => {
    let cancelled = false;
    setState({ read: 0, of });
    void (async () => {
      try {
        const texts: [string[], string[]] = [[], []];
        for (let page = 1; page <= of; page += 1) {
          const [a, b] = await Promise.all(
            [before, after].map((doc) => (page <= doc.numPages ? pageText(doc, page) : Promise.resolve(""))),
          );
          if (cancelled) return;
          if (page <= before.numPages) texts[0].push(a ?? "");
          if (page <= after.numPages) texts[1].push(b ?? "");
          setState({ read: page, of });
        }
        setState({ read: of, of, pages: comparePages(...texts) });
      } catch {
        if (!cancelled) setState({ read: 0, of, error: "The text of these PDFs could not be read." });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [before, after, of]);
  return state;
}

export function TextChanges({
  before,
  after,
  labels,
  onShowPage,
}: {
  before: PDFDocumentProxy;
  after: PDFDocumentProxy;
  labels: { before: string; after: string };
  onShowPage: (page: number) => void;
}) {
  const state = useTextChanges(before, after);
  if (state.error)
    return (
      <p role="alert" className="text-sm text-destructive-text">
        {state.error}
      </p>
    );
  if (!state.pages)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Reading the text: page {state.read} of {state.of}…
      </p>
    );
  const count = state.pages.reduce((n, p) => n + p.changes.length, 0);
  return (
    <div className="grid gap-4" data-testid="text-changes">
      <p role="status" className="text-sm font-medium" data-testid="text-summary">
        {count === 0
          ? `No text changes on ${plural(state.of, "page")}`
          : `${plural(count, "text change")} on ${plural(state.pages.length, "page")} of ${state.of}`}
      </p>
      {state.pages.map(({ page, changes }) => (
        <section key={page} className="grid gap-2" data-testid="text-page" data-page={page} aria-labelledby={`text-page-${page}`}>
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`text-page-${page}`} className="text-sm font-semibold">
              Page {page} · {plural(changes.length, "change")}
            </h3>
            <Button variant="outline" size="sm" className="min-h-11 sm:min-h-8" onClick={() => onShowPage(page)}>
              Show page {page}
            </Button>
          </div>
          <ul className="grid gap-1.5">
            {changes.map((change, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a page's changes have no id; their order is fixed
              <li key={i} className="rounded border bg-muted/30 p-2 text-sm [overflow-wrap:anywhere]" data-testid="text-change">
                <Change change={change} labels={labels} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const KIND_LABELS: Record<TextChange["kind"], string> = { added: "Added", removed: "Removed", changed: "Changed", moved: "Moved" };

function Change({ change, labels }: { change: TextChange; labels: { before: string; after: string } }) {
  return (
    <>
      <span className="mr-1.5 rounded bg-muted px-1.5 py-0.5 text-xs font-medium">{KIND_LABELS[change.kind]}</span>
      {change.lead && <span className="text-muted-foreground">…{change.lead} </span>}
      {change.before !== undefined && change.kind !== "moved" && (
        <del className="rounded bg-red-500/15 px-0.5 text-red-800 dark:text-red-300" title={labels.before}>
          <span className="sr-only">was: </span>
          {change.before}
        </del>
      )}
      {change.kind === "changed" && " "}
      {change.after !== undefined && (
        <ins className="rounded bg-green-500/15 px-0.5 text-green-800 no-underline dark:text-green-300" title={labels.after}>
          <span className="sr-only">now: </span>
          {change.after}
        </ins>
      )}
      {change.kind === "moved" && <mark className="rounded bg-amber-400/25 px-0.5 text-foreground">{change.before}</mark>}
      {change.trail && <span className="text-muted-foreground"> {change.trail}…</span>}
    </>
  );
}
