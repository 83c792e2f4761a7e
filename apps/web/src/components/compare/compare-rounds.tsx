"use client";
// Comparing two rounds of a proof's images (docs/compare.md): side by side, one over the other with an opacity slider,
// a wipe, and the differences: the changed regions (domain's changedRegions, over both images drawn at one size),
// counted and stepped through. A file of the later round is compared with the earlier round's file at the same place,
// or of the same name.
import type { RouterOutputs } from "@atelier/api";
import { changedRegions, compareSize, plural, previewKind, type Region } from "@atelier/domain";
import { Button, cn, Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, Label } from "@atelier/ui";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { NativeSelect } from "~/components/common/native-select";

type Round = RouterOutputs["proofs"]["list"][number];
type RoundFile = Round["files"][number];

const MODES = [
  { value: "side", label: "Side by side" },
  { value: "overlay", label: "Overlay" },
  { value: "wipe", label: "Wipe" },
  { value: "difference", label: "Differences" },
] as const;
type Mode = (typeof MODES)[number]["value"];

const imagesOf = (round: Round | undefined) => (round?.files ?? []).filter((f) => previewKind(f) === "image" && f.downloadUrl);

/** Whether a project's rounds give anything to compare: two rounds with an image each. */
export function canCompareRounds(rounds: readonly Round[] | undefined): boolean {
  return (rounds ?? []).filter((round) => imagesOf(round).length > 0).length >= 2;
}

/** The earlier round's counterpart of a file: the same name, else the same place among its images. */
function counterpart(file: RoundFile | undefined, after: RoundFile[], before: RoundFile[]): RoundFile | undefined {
  if (!file) return undefined;
  return before.find((f) => f.name === file.name) ?? before[after.indexOf(file)] ?? before[0];
}

/** Both images' pixels at one size, as the domain compares them. */
async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  // The bytes come from an upload server that allows this site: the canvas stays readable.
  image.crossOrigin = "anonymous";
  image.src = url;
  await image.decode();
  return image;
}

function pixels(image: HTMLImageElement, size: { width: number; height: number }) {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("This browser cannot draw the images to compare them.");
  context.drawImage(image, 0, 0, size.width, size.height);
  return context.getImageData(0, 0, size.width, size.height);
}

function useDifferences(before: string | undefined, after: string | undefined, enabled: boolean) {
  const [state, setState] = useState<{ key: string; regions?: Region[]; error?: string } | null>(null);
  const key = `${before}|${after}`;
  useEffect(() => {
    if (!enabled || !before || !after || state?.key === key) return;
    let cancelled = false;
    void (async () => {
      try {
        const [a, b] = await Promise.all([loadImage(before), loadImage(after)]);
        const size = compareSize({ width: a.naturalWidth, height: a.naturalHeight });
        const regions = changedRegions(pixels(a, size), pixels(b, size));
        if (!cancelled) setState({ key, regions });
      } catch {
        if (!cancelled) setState({ key, error: "These images could not be read to compare them. Try again in a moment." });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [before, after, enabled, key, state?.key]);
  return state?.key === key ? state : null;
}

export function CompareRounds({ rounds, onClose }: { rounds: readonly Round[]; onClose: () => void }) {
  const id = useId();
  const comparable = rounds.filter((round) => imagesOf(round).length > 0);
  // Newest first, as the panel lists them: the latest against the one before it.
  const [afterId, setAfterId] = useState(comparable[0]?.id ?? "");
  const [beforeId, setBeforeId] = useState(comparable[1]?.id ?? "");
  const afterRound = comparable.find((r) => r.id === afterId);
  const beforeRound = comparable.find((r) => r.id === beforeId);
  const afterFiles = imagesOf(afterRound);
  const [fileId, setFileId] = useState(afterFiles[0]?.id ?? "");
  const afterFile = afterFiles.find((f) => f.id === fileId) ?? afterFiles[0];
  const beforeFile = counterpart(afterFile, afterFiles, imagesOf(beforeRound));
  const [mode, setMode] = useState<Mode>("side");
  const [opacity, setOpacity] = useState(50);
  const [wipe, setWipe] = useState(50);
  const [current, setCurrent] = useState(0);
  const differences = useDifferences(beforeFile?.downloadUrl ?? undefined, afterFile?.downloadUrl ?? undefined, mode === "difference");
  const regions = differences?.regions ?? [];
  // Another pair of images keeps the step within its own regions.
  const shown = regions.length === 0 ? 0 : current % regions.length;
  const label = (round: Round | undefined) => (round ? `Round ${round.round}` : "");

  const images = { before: beforeFile?.downloadUrl ?? undefined, after: afterFile?.downloadUrl ?? undefined };
  const roundOptions = comparable.map((r) => ({ value: r.id, label: label(r) }));

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
            <DialogTitle className="text-base">Compare rounds</DialogTitle>
            <DialogDescription className="truncate text-xs">
              {label(beforeRound)} → {label(afterRound)}
              {afterFile ? ` · ${afterFile.name}` : ""}
            </DialogDescription>
          </div>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" className="size-11 shrink-0" aria-label="Close">
              <X aria-hidden />
            </Button>
          </DialogClose>
        </div>

        <div className="grid gap-3 sm:grid-cols-3">
          <Choice id={`${id}-before`} label="Before" value={beforeId} onChange={setBeforeId} options={roundOptions} />
          <Choice
            id={`${id}-after`}
            label="After"
            value={afterId}
            onChange={(value) => {
              setAfterId(value);
              setFileId("");
            }}
            options={roundOptions}
          />
          <Choice
            id={`${id}-file`}
            label="File"
            value={afterFile?.id ?? ""}
            onChange={setFileId}
            options={afterFiles.map((f) => ({ value: f.id, label: f.name }))}
          />
        </div>

        <fieldset className="flex flex-wrap gap-1">
          <legend className="sr-only">How to compare</legend>
          {MODES.map((m) => (
            <Button
              key={m.value}
              aria-pressed={mode === m.value}
              variant={mode === m.value ? "default" : "outline"}
              size="sm"
              className="min-h-11 sm:min-h-8"
              onClick={() => setMode(m.value)}
            >
              {m.label}
            </Button>
          ))}
        </fieldset>

        {mode === "overlay" && <Slider label="Later round's opacity" value={opacity} onChange={setOpacity} id={`${id}-opacity`} />}
        {mode === "wipe" && <Slider label="Wipe" value={wipe} onChange={setWipe} id={`${id}-wipe`} />}
        {mode === "difference" && (
          <DifferenceBar
            state={differences}
            count={regions.length}
            current={shown}
            onStep={(step) => setCurrent((shown + step + regions.length) % regions.length)}
          />
        )}

        <div className="min-h-0 flex-1">
          {!images.before || !images.after ? (
            <p className="text-sm text-muted-foreground">These rounds have no images to compare.</p>
          ) : mode === "side" ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Figure caption={`${label(beforeRound)} · ${beforeFile?.name ?? ""}`} src={images.before} />
              <Figure caption={`${label(afterRound)} · ${afterFile?.name ?? ""}`} src={images.after} />
            </div>
          ) : (
            <div className="relative mx-auto w-fit max-w-full" data-testid="compare-stack">
              {/* The earlier round sets the size; the later one is drawn over it at the same size (aligned, as compared). */}
              <img
                src={images.before}
                alt={`${label(beforeRound)}: ${beforeFile?.name ?? ""}`}
                className="block max-h-[70dvh] max-w-full"
              />
              {mode !== "difference" || differences?.regions ? (
                <img
                  src={images.after}
                  alt={`${label(afterRound)}: ${afterFile?.name ?? ""}`}
                  className="absolute inset-0 size-full"
                  style={
                    mode === "overlay" ? { opacity: opacity / 100 } : mode === "wipe" ? { clipPath: `inset(0 0 0 ${wipe}%)` } : undefined
                  }
                />
              ) : null}
              {mode === "wipe" && <div aria-hidden className="absolute inset-y-0 w-0.5 bg-primary" style={{ left: `${wipe}%` }} />}
              {mode === "difference" &&
                regions.map((r, i) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: regions have no id of their own; their order is fixed
                    key={i}
                    data-testid="compare-region"
                    data-current={i === shown || undefined}
                    className={cn("absolute rounded-sm border-2 border-red-500 bg-red-500/15", i === current && "ring-4 ring-red-500/50")}
                    style={{ left: `${r.x * 100}%`, top: `${r.y * 100}%`, width: `${r.w * 100}%`, height: `${r.h * 100}%` }}
                  />
                ))}
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Choice({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="grid gap-1">
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

function Figure({ caption, src }: { caption: string; src: string }) {
  return (
    <figure className="grid gap-1">
      <img src={src} alt={caption} className="max-h-[60dvh] w-full rounded border bg-muted/40 object-contain" />
      <figcaption className="truncate text-xs text-muted-foreground">{caption}</figcaption>
    </figure>
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

function DifferenceBar({
  state,
  count,
  current,
  onStep,
}: {
  state: { regions?: Region[]; error?: string } | null;
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
      <span className="text-sm font-medium" data-testid="compare-count">
        {count === 0 ? "No changes found" : plural(count, "changed region")}
      </span>
      {count > 1 && (
        <>
          <Button variant="outline" size="icon" className="size-11 sm:size-8" aria-label="Previous change" onClick={() => onStep(-1)}>
            <ChevronLeft aria-hidden />
          </Button>
          <span className="text-sm tabular-nums text-muted-foreground">
            {current + 1} of {count}
          </span>
          <Button variant="outline" size="icon" className="size-11 sm:size-8" aria-label="Next change" onClick={() => onStep(1)}>
            <ChevronRight aria-hidden />
          </Button>
        </>
      )}
    </div>
  );
}
