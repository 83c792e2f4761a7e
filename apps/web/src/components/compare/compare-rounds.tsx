"use client";
// Comparing two rounds of a proof (docs/compare.md): images, or PDFs page by page. Side by side with zoom and scroll
// kept in step, one over the other with an opacity slider, a wipe, the changed regions (worked out in a worker) to
// step through, and for PDFs the changes of their text. Videos side by side, played and stepped in step. A file of the later round is compared with the earlier
// round's file of the same kind, of the same name, else at the same place.
import { plural, type Region } from "@atelier/domain";
import { Button, cn, Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, Label } from "@atelier/ui";
import { ChevronLeft, ChevronRight, Minus, Plus, X } from "lucide-react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { NativeSelect } from "~/components/common/native-select";
import { candidates, comparableFiles, type Kind, kindOf, type Round } from "./comparable";
import { usePdfDocument } from "./compare-pdf";
import { Pinned, useFilePins } from "./compare-pins";
import { CompareVideos } from "./compare-videos";
import { PdfCanvas } from "./pdf-canvas";
import { SyncedPanes, useWidth } from "./synced-panes";
import { TextChanges } from "./text-changes";
import { type ComparedPicture, type DifferencesState, useDifferences } from "./use-differences";

const MODES = [
  { value: "side", label: "Side by side" },
  { value: "overlay", label: "Overlay" },
  { value: "wipe", label: "Wipe" },
  { value: "difference", label: "Differences" },
  { value: "text", label: "Text" },
] as const;
type Mode = (typeof MODES)[number]["value"];

/** Zoom steps of side by side, as multiples of the pane's width. */
const ZOOMS = [1, 1.5, 2, 3, 4];

export function CompareRounds<R extends Round>({
  rounds,
  decide,
  onClose,
}: {
  rounds: readonly R[];
  /** The way to answer a round, where the person may (the latest round, waiting): decisions from inside compare. */
  decide?: (round: R) => ReactNode;
  onClose: () => void;
}) {
  const id = useId();
  const comparable = rounds.filter((round) => comparableFiles(round).length > 0);
  // Newest first, as the panel lists them: the latest against the one before it; a round alone, its files together.
  const [afterId, setAfterId] = useState(comparable[0]?.id ?? "");
  const [beforeId, setBeforeId] = useState(comparable[1]?.id ?? comparable[0]?.id ?? "");
  const afterRound = comparable.find((r) => r.id === afterId);
  const beforeRound = comparable.find((r) => r.id === beforeId);
  const afterFiles = comparableFiles(afterRound);
  // Two files of one round: the first before the second, as they were listed.
  const [fileId, setFileId] = useState((comparable.length >= 2 ? afterFiles[0] : (afterFiles[1] ?? afterFiles[0]))?.id ?? "");
  const afterFile = afterFiles.find((f) => f.id === fileId) ?? afterFiles[0];
  // Any file of the earlier side's round of the same kind; the likeliest counterpart unless another is chosen.
  const beforeFiles = candidates(afterFile, afterFiles, comparableFiles(beforeRound));
  const [beforeFileId, setBeforeFileId] = useState("");
  const beforeFile = beforeFiles.find((f) => f.id === beforeFileId) ?? beforeFiles[0];
  const kind = afterFile ? kindOf(afterFile) : null;
  const [chosenMode, setMode] = useState<Mode>("side");
  // Text compares PDFs only; videos compare side by side.
  const mode: Mode = kind === "video" || (chosenMode === "text" && kind !== "pdf") ? "side" : chosenMode;
  const [opacity, setOpacity] = useState(50);
  const [wipe, setWipe] = useState(50);
  const [zoom, setZoom] = useState(1);
  const [page, setPage] = useState(1);
  const [current, setCurrent] = useState(0);
  const [showPins, setShowPins] = useState(true);

  const label = (round: Round | undefined) => (round ? (round.label ?? `Round ${round.round}`) : "");
  // Two files of one round are told apart by their names.
  const oneRound = beforeRound !== undefined && beforeRound === afterRound;
  const labels = {
    before: oneRound ? (beforeFile?.name ?? "") : label(beforeRound),
    after: oneRound ? (afterFile?.name ?? "") : label(afterRound),
  };
  const pdfs = {
    before: usePdfDocument(kind === "pdf" ? (beforeFile?.downloadUrl ?? undefined) : undefined),
    after: usePdfDocument(kind === "pdf" ? (afterFile?.downloadUrl ?? undefined) : undefined),
  };
  const pages = Math.max(pdfs.before.doc?.numPages ?? 0, pdfs.after.doc?.numPages ?? 0);
  const shownPage = Math.min(page, Math.max(1, pages));
  const pins = {
    before: useFilePins(beforeRound?.id, beforeFile?.id, kind === "pdf" ? shownPage : null),
    after: useFilePins(afterRound?.id, afterFile?.id, kind === "pdf" ? shownPage : null),
  };
  const decision = afterRound && decide?.(afterRound);

  const pictures = ((): [ComparedPicture, ComparedPicture] | null => {
    if (!beforeFile?.downloadUrl || !afterFile?.downloadUrl) return null;
    if (kind === "image")
      return [
        { kind: "image", url: beforeFile.downloadUrl },
        { kind: "image", url: afterFile.downloadUrl },
      ];
    const [a, b] = [pdfs.before.doc, pdfs.after.doc];
    if (!a || !b || shownPage > a.numPages || shownPage > b.numPages) return null;
    return [
      { kind: "pdf", doc: a, page: shownPage },
      { kind: "pdf", doc: b, page: shownPage },
    ];
  })();
  const differences = useDifferences(
    `${beforeFile?.id}|${afterFile?.id}|${kind === "pdf" ? shownPage : ""}`,
    mode === "difference" ? pictures : null,
  );
  const regions = differences?.regions ?? [];
  // Another pair keeps the step within its own regions.
  const shown = regions.length === 0 ? 0 : current % regions.length;
  const roundOptions = comparable.map((r) => ({ value: r.id, label: label(r) }));
  const pdfError = pdfs.before.error ?? pdfs.after.error;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        showCloseButton={false}
        data-testid="compare"
        className={cn(
          "flex h-dvh w-screen max-w-none flex-col gap-3 overflow-y-auto rounded-none border-0 p-3",
          "sm:h-[92dvh] sm:w-[min(100vw-2rem,1280px)] sm:max-w-none sm:rounded-lg sm:border sm:p-4",
        )}
      >
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <DialogTitle className="text-base">{comparable.length >= 2 ? "Compare rounds" : "Compare files"}</DialogTitle>
            <DialogDescription className="truncate text-xs">
              {labels.before} → {labels.after}
              {afterFile && !oneRound ? ` · ${afterFile.name}` : ""}
            </DialogDescription>
          </div>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" className="size-11 shrink-0" aria-label="Close">
              <X aria-hidden />
            </Button>
          </DialogClose>
        </div>

        <div className="grid grid-cols-2 gap-x-2 gap-y-2 sm:grid-cols-4 sm:gap-3">
          <Choice
            id={`${id}-before`}
            label="Before"
            value={beforeId}
            onChange={(value) => {
              setBeforeId(value);
              setBeforeFileId("");
            }}
            options={roundOptions}
          />
          <Choice
            id={`${id}-before-file`}
            label="Before, file"
            value={beforeFile?.id ?? ""}
            onChange={(value) => {
              setBeforeFileId(value);
              setPage(1);
            }}
            options={beforeFiles.map((f) => ({ value: f.id, label: f.name }))}
          />
          <Choice
            id={`${id}-after`}
            label="After"
            value={afterId}
            onChange={(value) => {
              setAfterId(value);
              setFileId("");
              setBeforeFileId("");
            }}
            options={roundOptions}
          />
          <Choice
            id={`${id}-file`}
            label="After, file"
            value={afterFile?.id ?? ""}
            onChange={(value) => {
              setFileId(value);
              setBeforeFileId("");
              setPage(1);
            }}
            options={afterFiles.map((f) => ({ value: f.id, label: f.name }))}
          />
        </div>

        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <fieldset className="flex min-w-0 max-w-full gap-1 overflow-x-auto sm:flex-wrap">
            <legend className="sr-only">How to compare</legend>
            {MODES.filter((m) => (m.value !== "text" || kind === "pdf") && (m.value === "side" || kind !== "video")).map((m) => (
              <Button
                key={m.value}
                aria-pressed={mode === m.value}
                variant={mode === m.value ? "default" : "outline"}
                size="sm"
                className="min-h-11 shrink-0 sm:min-h-8"
                onClick={() => setMode(m.value)}
              >
                {m.label}
              </Button>
            ))}
          </fieldset>
          {kind === "pdf" && pages > 0 && mode !== "text" && (
            <Stepper
              label="Page"
              text={`Page ${shownPage} of ${pages}`}
              onStep={(step) => setPage(Math.min(pages, Math.max(1, shownPage + step)))}
              can={{ back: shownPage > 1, on: shownPage < pages }}
            />
          )}
          {mode === "side" && pins.before.length + pins.after.length > 0 && (
            <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-8">
              <input type="checkbox" className="size-5" checked={showPins} onChange={(e) => setShowPins(e.target.checked)} />
              Pins ({pins.before.length + pins.after.length})
            </label>
          )}
          {mode !== "text" && (
            <div className="flex items-center gap-1">
              <Button
                variant="outline"
                size="icon"
                className="size-11 sm:size-8"
                aria-label="Zoom out"
                disabled={zoom === ZOOMS[0]}
                onClick={() => setZoom(ZOOMS[Math.max(0, ZOOMS.indexOf(zoom) - 1)]!)}
              >
                <Minus aria-hidden />
              </Button>
              <span className="w-12 text-center text-sm tabular-nums" data-testid="compare-zoom">
                {Math.round(zoom * 100)} %
              </span>
              <Button
                variant="outline"
                size="icon"
                className="size-11 sm:size-8"
                aria-label="Zoom in"
                disabled={zoom === ZOOMS.at(-1)}
                onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, ZOOMS.indexOf(zoom) + 1)]!)}
              >
                <Plus aria-hidden />
              </Button>
            </div>
          )}
        </div>

        {mode === "overlay" && <Slider label="Later round's opacity" value={opacity} onChange={setOpacity} id={`${id}-opacity`} />}
        {mode === "wipe" && <Slider label="Wipe" value={wipe} onChange={setWipe} id={`${id}-wipe`} />}
        {mode === "difference" && (
          <DifferenceBar
            state={
              kind === "pdf" && !pictures && pages > 0
                ? { key: "", error: `Both rounds need a page ${shownPage} to compare it.` }
                : differences
            }
            count={regions.length}
            current={shown}
            onStep={(step) => setCurrent((shown + step + regions.length) % regions.length)}
          />
        )}

        {/* Not shrunk below what it shows: the dialog scrolls, and nothing below it is covered. */}
        <div className="flex-1">
          {!beforeFile?.downloadUrl || !afterFile?.downloadUrl ? (
            <p className="text-sm text-muted-foreground">
              {afterFile
                ? `${labels.before} has no ${kind === "pdf" ? "PDF" : kind === "video" ? "video" : "image"} to compare with.`
                : "These rounds have nothing to compare."}
            </p>
          ) : pdfError ? (
            <p role="alert" className="text-sm text-destructive-text">
              {pdfError}
            </p>
          ) : kind === "pdf" && (!pdfs.before.doc || !pdfs.after.doc) ? (
            <p role="status" className="text-sm text-muted-foreground">
              Opening the PDFs…
            </p>
          ) : mode === "text" && pdfs.before.doc && pdfs.after.doc ? (
            <TextChanges
              before={pdfs.before.doc}
              after={pdfs.after.doc}
              labels={labels}
              onShowPage={(n) => {
                setPage(n);
                setMode("side");
              }}
            />
          ) : kind === "video" ? (
            <CompareVideos
              before={{ file: beforeFile, caption: `${labels.before} · ${beforeFile.name}`, pins: pins.before }}
              after={{ file: afterFile, caption: `${labels.after} · ${afterFile.name}`, pins: pins.after }}
              zoom={zoom}
              showPins={showPins}
            />
          ) : mode === "side" ? (
            <SyncedPanes
              zoom={zoom}
              panes={[
                {
                  caption: `${labels.before} · ${beforeFile.name}`,
                  render: (width) => (
                    <Pinned pins={showPins ? pins.before : []}>
                      {picture(kind, beforeFile.downloadUrl!, pdfs.before.doc, shownPage, width, labels.before)}
                    </Pinned>
                  ),
                },
                {
                  caption: `${labels.after} · ${afterFile.name}`,
                  render: (width) => (
                    <Pinned pins={showPins ? pins.after : []}>
                      {picture(kind, afterFile.downloadUrl!, pdfs.after.doc, shownPage, width, labels.after)}
                    </Pinned>
                  ),
                },
              ]}
            />
          ) : (
            <Stack
              kind={kind}
              urls={{ before: beforeFile.downloadUrl, after: afterFile.downloadUrl }}
              docs={{ before: pdfs.before.doc, after: pdfs.after.doc }}
              page={shownPage}
              labels={{ before: `${labels.before}: ${beforeFile.name}`, after: `${labels.after}: ${afterFile.name}` }}
              mode={mode}
              opacity={opacity}
              wipe={wipe}
              differences={differences}
              current={shown}
              zoom={zoom}
            />
          )}
        </div>
        {decision && (
          <section className="border-t pt-3" aria-label={`Answer ${labels.after}`} data-testid="compare-decision">
            {decision}
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One side's file at a width: an image, or the page of a PDF. */
function picture(kind: Kind | null, url: string, doc: PDFDocumentProxy | null, page: number, width: number, label: string) {
  if (kind === "pdf") return doc ? <PdfCanvas doc={doc} page={page} width={width} label={label} /> : null;
  return <img src={url} alt={label} className="block h-auto max-w-none" style={{ width }} />;
}

/** The later file over the earlier one at the same size: overlay, wipe, or the changed regions outlined. */
function Stack({
  kind,
  urls,
  docs,
  page,
  labels,
  mode,
  opacity,
  wipe,
  differences,
  current,
  zoom,
}: {
  kind: Kind | null;
  urls: { before: string; after: string };
  docs: { before: PDFDocumentProxy | null; after: PDFDocumentProxy | null };
  page: number;
  labels: { before: string; after: string };
  mode: Mode;
  opacity: number;
  wipe: number;
  differences: DifferencesState | null;
  current: number;
  /** A multiple of the size that fits: above 1, the box scrolls. */
  zoom: number;
}) {
  const [box, width] = useWidth();
  // An image fits the box's width and most of the window's height at 100 %; its own size is known once loaded.
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const fitted = natural ? natural.w * Math.min(1, width / natural.w, (0.7 * window.innerHeight) / natural.h) : null;
  const shown = useRef<HTMLDivElement | null>(null);
  // Stepping through the changes brings each into view (a tall page on a phone holds them below the fold).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step, the answer and the zoom are what move the current region
  useEffect(() => {
    // In braces: this browser's scrollIntoView answers a promise, which React would take for a cleanup.
    void shown.current?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "smooth" });
  }, [current, differences, zoom, fitted]);
  const regions: Region[] = differences?.regions ?? [];
  const style = mode === "overlay" ? { opacity: opacity / 100 } : mode === "wipe" ? { clipPath: `inset(0 0 0 ${wipe}%)` } : undefined;
  const showAfter = mode !== "difference" || differences?.regions;
  return (
    <div ref={box} className={cn("w-full", zoom > 1 && "max-h-[75dvh] overflow-auto rounded-md border")} data-testid="compare-stack-frame">
      <div className={cn("relative mx-auto w-fit", zoom === 1 && "max-w-full")} data-testid="compare-stack">
        {/* The earlier round sets the size; the later one is drawn over it at the same size (aligned, as compared). */}
        {kind === "pdf" && docs.before && docs.after ? (
          <>
            <PdfCanvas doc={docs.before} page={page} width={Math.min(width, 900) * zoom} label={labels.before} fit="fit" />
            {showAfter && page <= docs.before.numPages && (
              <div className="absolute inset-0" style={style}>
                <PdfCanvas doc={docs.after} page={page} width={Math.min(width, 900) * zoom} label={labels.after} fit="fill" />
              </div>
            )}
          </>
        ) : (
          <>
            <img
              src={urls.before}
              alt={labels.before}
              onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth || 1, h: e.currentTarget.naturalHeight || 1 })}
              className={cn("block", fitted === null && "max-h-[70dvh] max-w-full")}
              style={fitted === null ? undefined : { width: fitted * zoom, maxWidth: "none" }}
            />
            {showAfter && <img src={urls.after} alt={labels.after} className="absolute inset-0 size-full" style={style} />}
          </>
        )}
        {mode === "wipe" && <div aria-hidden className="absolute inset-y-0 w-0.5 bg-primary" style={{ left: `${wipe}%` }} />}
        {mode === "difference" &&
          regions.map((r, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: regions have no id of their own; their order is fixed
              key={i}
              data-testid="compare-region"
              data-current={i === current || undefined}
              ref={i === current ? shown : undefined}
              className={cn("absolute rounded-sm border-2 border-red-500 bg-red-500/15", i === current && "ring-4 ring-red-500/50")}
              style={{ left: `${r.x * 100}%`, top: `${r.y * 100}%`, width: `${r.w * 100}%`, height: `${r.h * 100}%` }}
            />
          ))}
      </div>
    </div>
  );
}

function Choice({
  className,
  id,
  label,
  value,
  onChange,
  options,
}: {
  className?: string;
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <div className={cn("grid min-w-0 gap-1", className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function Slider({ id, label, value, onChange }: { id: string; label: string; value: number; onChange: (value: number) => void }) {
  return (
    <div className="flex items-center gap-3">
      <Label htmlFor={id} className="shrink-0">
        {label}
      </Label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-11 w-full max-w-md accent-primary"
      />
      <span className="w-10 text-right text-sm tabular-nums">{value} %</span>
    </div>
  );
}

/** ‹ text › with the buttons named "Previous …" and "Next …". */
function Stepper({
  label,
  text,
  onStep,
  can,
}: {
  label: string;
  text: string;
  onStep: (step: 1 | -1) => void;
  can: { back: boolean; on: boolean };
}) {
  const noun = label.toLowerCase();
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="outline"
        size="icon"
        className="size-11 sm:size-8"
        aria-label={`Previous ${noun}`}
        disabled={!can.back}
        onClick={() => onStep(-1)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <span className="text-sm tabular-nums text-muted-foreground" data-testid={`compare-${noun}`}>
        {text}
      </span>
      <Button
        variant="outline"
        size="icon"
        className="size-11 sm:size-8"
        aria-label={`Next ${noun}`}
        disabled={!can.on}
        onClick={() => onStep(1)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}

function DifferenceBar({
  state,
  count,
  current,
  onStep,
}: {
  state: DifferencesState | null;
  count: number;
  current: number;
  onStep: (step: 1 | -1) => void;
}) {
  if (!state) return <p className="text-sm text-muted-foreground">Comparing…</p>;
  if (state.error)
    return (
      <p role="alert" className="text-sm text-destructive-text">
        {state.error}
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-2" role="status">
      <span className="text-sm font-medium" data-testid="compare-count" data-engine={state.engine} data-ms={state.ms}>
        {count === 0 ? "No changes found" : plural(count, "changed region")}
      </span>
      {count > 1 && <Stepper label="Change" text={`${current + 1} of ${count}`} onStep={onStep} can={{ back: true, on: true }} />}
    </div>
  );
}
