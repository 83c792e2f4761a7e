"use client";
// A proof's files in the file viewer, with pins: click a point or drag a box to pin a comment there, draw an arrow
// or a freehand mark, or on a PDF choose words to highlight (docs/compare.md, "Markup"); on a video, on the frame
// shown; on a sound, at the moment heard. Pins list beside, each linked to its entry in the thread, and resolvable;
// a video's and a sound's also along its timeline. A guest reviewer (no `user`) pins and reads pins only: no thread to link to, no internal notes, nothing
// to resolve.
import type { PreviewKind, SessionUser, Shape, ShapePoint } from "@atelier/domain";
import {
  authorColour,
  clockTime,
  frameAt,
  frameTime,
  highlightBoxes,
  highlightQuote,
  isStaff,
  MIN_ARROW,
  previewKind,
  shapeAnchor,
  thinStroke,
  timecode,
} from "@atelier/domain";
import { Button, ConfirmDialog, cn, Field, fieldError, showServerFieldErrors, Textarea, useLazyZodForm } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Hand, Highlighter, MapPin, MessageSquarePlus, MoveUpRight, PenLine } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { INTERNAL_COMPOSER_CLASS, InternalNoteToggle } from "~/components/common/internal-note-toggle";
import { submitOnModEnter } from "~/components/common/submit-keys";
import { toastError } from "~/components/common/toast-error";
import { useRequestId } from "~/components/common/use-request-id";
import { FileViewer } from "~/components/viewer/file-viewer";
import type { MediaView, SurfacePoint, SurfaceTool, ViewedFile, ViewState } from "~/components/viewer/types";
import { useTRPC } from "~/trpc/react";
import { ShapeLayer } from "./shape-layer";

/** Scrolls the file's frame (zoomed or not) so that a pin's marker is in view. */
function revealPin(id: string) {
  const marker = document.querySelector(`[data-pin-id="${CSS.escape(id)}"]`);
  // In braces: this browser's scrollIntoView answers a promise, which React would take for a cleanup.
  void marker?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** What is being drawn before its comment is written: a point, a box, or a shape; on a video or sound, its moment. */
type Area = { x: number; y: number; w?: number; h?: number; shape?: Shape };

/** A moment as the viewer shows it: a video's timecode (HH:MM:SS:FF), a sound's time to the hundredth. */
const momentLabel = (view: ViewState, at: number) => (view.kind === "video" ? timecode(at, view.media?.fps ?? 25) : clockTime(at));

const TOOLS = [
  { mode: "pin", label: "Pin mode", icon: MapPin },
  { mode: "arrow", label: "Arrow mode", icon: MoveUpRight },
  { mode: "draw", label: "Draw mode", icon: PenLine },
  { mode: "text", label: "Highlight mode", icon: Highlighter },
  { mode: "move", label: "Move mode", icon: Hand },
] as const;
type Mode = (typeof TOOLS)[number]["mode"];

const SHAPE_NAMES = { arrow: "arrow", freehand: "drawing", highlight: "highlight" } as const;
/** What a pin is, said in its list entry. */
const KIND_OF = (p: { w: number | null; shape: Shape | null }) => (p.shape ? SHAPE_NAMES[p.shape.kind] : p.w != null ? "box" : "point");
/** The tool a pin's mark is drawn with. */
const MODE_OF = (shape: Shape | null): Mode =>
  shape?.kind === "arrow" ? "arrow" : shape?.kind === "freehand" ? "draw" : shape?.kind === "highlight" ? "text" : "pin";

/** What the viewer says can be done with the file shown. */
const HINTS: Record<PreviewKind, string> = {
  image: "Click a point or drag a box to pin a comment there; or draw an arrow or a mark by hand.",
  pdf: "Click a point or drag a box to pin a comment there; or draw an arrow, a mark by hand, or choose words of the page.",
  video: "Pause on a frame (step with , and .), then click, drag or draw on it to pin a comment to that frame.",
  audio: "Pause where you hear something (step with , and .), then comment at that moment.",
  other: "Download it to open it.",
};

const loadPinForm = () => import("./forms").then((m) => m.pinForm);

// Below this much movement (as a fraction of the page) a drag is a click: a point, not a box.
const MIN_BOX = 0.01;

export function ProofViewer({
  proofId,
  files,
  initialIndex = 0,
  user,
  initialPage = 1,
  initialPin,
  onClose,
}: {
  proofId: string;
  files: ViewedFile[];
  initialIndex?: number;
  /** The signed-in person; null for a guest of a review link. */
  user: SessionUser | null;
  initialPage?: number;
  initialPin?: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(initialIndex);
  const [page, setPage] = useState(initialPage);
  const [mode, setMode] = useState<Mode>("pin");
  const [draft, setDraft] = useState<Area | null>(null);
  // The draft as last drawn, and the one whose comment was sent: the answer clears only the one it answers.
  const draftRef = useRef<Area | null>(null);
  draftRef.current = draft;
  const sent = useRef<{ draft: Area; body: string } | null>(null);
  // While a finger or the mouse is still drawing, the comment form waits: shown at once, it would take room from the
  // file on a phone (the list is below it) and the file would be fitted again under the stroke.
  const [drawing, setDrawing] = useState(false);
  // The pin whose mark is being drawn again by its author: the next mark drawn replaces it, the comment stays.
  const [redrawing, setRedrawing] = useState<string | null>(null);
  const start = useRef<SurfacePoint | null>(null);
  const stroke = useRef<ShapePoint[]>([]);
  const form = useLazyZodForm(loadPinForm, { defaultValues: { body: "", internal: false } });
  const internal = useWatch({ control: form.control, name: "internal" });
  const [selected, setSelected] = useState<string | null>(initialPin ?? null);

  const pins = useQuery(trpc.annotations.list.queryOptions({ proofId }));
  // The playhead of the video or sound shown, as last rendered: a mark drawn is pinned to its frame, a pin chosen
  // is shown at its moment.
  const media = useRef<MediaView | null>(null);
  // The moment of the mark being drawn, taken as drawing starts (the playhead may move before the comment is sent).
  const drawnAt = useRef<number | undefined>(undefined);
  const made = useRef<string | null>(null);
  // The pin chosen (from the list, by j and k, or by a link) is brought into view on the file, zoomed or not; again
  // when its file, page or the pins change, as its marker may only then be drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the marker is found in the page, drawn after these change
  useEffect(() => {
    if (selected) revealPin(selected);
  }, [selected, index, page, pins.data]);
  // A video's or a sound's pin chosen (from the list, by j and k, from its mark, or by a link) is shown at its moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new choice moves the playhead, not new pins
  useEffect(() => {
    // A pin just made is on the frame shown already: choosing it must not stop a film played on meanwhile.
    if (selected !== null && selected === made.current) {
      made.current = null;
      return;
    }
    const at = pins.data?.find((p) => p.id === selected)?.at;
    if (at != null) media.current?.seek(at);
  }, [selected, index, pins.isSuccess]);
  /** The pins of the file and page shown, as listed: a video's and a sound's in the order of their moments. */
  const listed = (view: ViewState) => {
    const here = (pins.data ?? []).filter((p) => p.fileId === view.file.id && (view.kind !== "pdf" || (p.page ?? 1) === view.page));
    return view.media ? here.toSorted((a, b) => (a.at ?? 0) - (b.at ?? 0)) : here;
  };
  /** Whether a listed pin is drawn on the file now: a video's on its frame only. */
  const onFrame = (view: ViewState, p: { at: number | null }) =>
    !view.media || (p.at !== null && frameAt(p.at, view.media.fps) === frameAt(view.media.time, view.media.fps));
  // j and k step through every pin of the proof, file by file and page by page, showing each where it was written.
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if ((e.key !== "j" && e.key !== "k") || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target instanceof HTMLElement && e.target.closest("input, textarea, select")) return;
      const place = (p: { fileId: string; page: number | null; at: number | null }) => [
        files.findIndex((f) => f.id === p.fileId),
        p.page ?? 1,
        p.at ?? 0,
      ];
      const ordered = (pins.data ?? [])
        .filter((p) => files.some((f) => f.id === p.fileId))
        .map((p, order) => ({ p, key: [...place(p), order] }))
        .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]! || a.key[3]! - b.key[3]!)
        .map(({ p }) => p);
      if (ordered.length === 0) return;
      e.preventDefault();
      const at = ordered.findIndex((p) => p.id === selected);
      const step = e.key === "j" ? 1 : -1;
      const next = ordered[at === -1 ? (step === 1 ? 0 : ordered.length - 1) : (at + step + ordered.length) % ordered.length];
      if (!next) return;
      setIndex(files.findIndex((f) => f.id === next.fileId));
      setPage(next.page ?? 1);
      setDraft(null);
      setSelected(next.id);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [files, pins.data, selected]);
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.annotations.list.queryFilter({ proofId }));
    void queryClient.invalidateQueries(trpc.comments.pathFilter());
  };
  const requestId = useRequestId();
  const create = useMutation(
    trpc.annotations.create.mutationOptions({
      onSuccess: ({ id }) => {
        requestId.done();
        made.current = id;
        setSelected(id);
        refresh();
        // A mark drawn since it was sent (the answer may come after the next one is begun) is kept, and a comment
        // written for it; the one sent is not left in the field.
        if (draftRef.current !== sent.current?.draft) {
          if (form.getValues("body") === sent.current?.body) form.resetField("body");
          return;
        }
        document.getSelection()?.removeAllRanges();
        setDraft(null);
        form.reset();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const resolve = useMutation(trpc.annotations.resolve.mutationOptions({ onSuccess: refresh }));
  const redraw = useMutation(
    trpc.annotations.redraw.mutationOptions({
      onSuccess: () => {
        setDraft(null);
        setRedrawing(null);
        refresh();
      },
      onError: toastError,
    }),
  );
  const remove = useMutation(trpc.annotations.remove.mutationOptions({ onSuccess: refresh, onError: toastError }));
  /** Draws a pin's mark again, with the tool of its kind (any other may be picked before drawing). */
  const startRedraw = (p: { id: string; shape: Shape | null }) => {
    setRedrawing(p.id);
    setSelected(p.id);
    setDraft(null);
    setMode(MODE_OF(p.shape));
  };

  const modeTool = useMemo<SurfaceTool | null>(() => {
    if (mode === "pin")
      return {
        start: (at) => {
          start.current = at;
          setDraft(at);
        },
        move: (now) => {
          const from = start.current;
          if (!from) return;
          const w = Math.abs(now.x - from.x);
          const h = Math.abs(now.y - from.y);
          setDraft(w < MIN_BOX && h < MIN_BOX ? from : { x: Math.min(from.x, now.x), y: Math.min(from.y, now.y), w, h });
        },
        end: () => {
          start.current = null;
        },
      };
    if (mode === "arrow")
      return {
        start: (at) => {
          start.current = at;
          setDraft(null);
        },
        move: (now) => {
          const from = start.current;
          if (!from) return;
          setDraft({
            ...from,
            shape: {
              kind: "arrow",
              points: [
                [from.x, from.y],
                [now.x, now.y],
              ],
            },
          });
        },
        end: () => {
          start.current = null;
          // A click is not an arrow.
          setDraft((d) => {
            const [a, b] = d?.shape?.kind === "arrow" ? d.shape.points : [];
            return a && b && Math.hypot(b[0] - a[0], b[1] - a[1]) >= MIN_ARROW ? d : null;
          });
        },
      };
    if (mode === "draw")
      return {
        start: (at) => {
          stroke.current = [[at.x, at.y]];
          setDraft(null);
        },
        move: (now) => {
          stroke.current.push([now.x, now.y]);
          setDraft({
            ...shapeAnchor({ kind: "freehand", points: stroke.current }),
            shape: { kind: "freehand", points: [...stroke.current] },
          });
        },
        end: () => {
          const points = thinStroke(stroke.current);
          stroke.current = [];
          setDraft(points.length >= 2 ? { ...shapeAnchor({ kind: "freehand", points }), shape: { kind: "freehand", points } } : null);
        },
      };
    return null;
  }, [mode]);
  const tool = useMemo<SurfaceTool | null>(
    () =>
      modeTool && {
        start: (at) => {
          setDrawing(true);
          // On a video, the mark is pinned to the frame shown as drawing starts, held still meanwhile.
          const playhead = media.current;
          if (playhead) {
            drawnAt.current = frameTime(frameAt(playhead.time, playhead.fps), playhead.fps);
            playhead.seek(drawnAt.current);
          }
          modeTool.start(at);
        },
        move: modeTool.move,
        end: () => {
          setDrawing(false);
          modeTool.end();
        },
      },
    [modeTool],
  );

  // Highlight mode: the words chosen on the PDF's page (mouse, or press and hold on a phone) are the draft, kept when
  // the choice is then dropped by writing the comment.
  useEffect(() => {
    if (mode !== "text") return;
    const onChange = () => {
      const chosen = document.getSelection();
      if (!chosen || chosen.isCollapsed || chosen.rangeCount === 0) return;
      const range = chosen.getRangeAt(0);
      const layer = range.startContainer.parentElement?.closest('[data-testid="pdf-text"]');
      const surface = layer?.closest('[data-testid="pin-surface"]');
      if (!surface) return;
      const rects = highlightBoxes(Array.from(range.getClientRects()), surface.getBoundingClientRect());
      const quote = highlightQuote(chosen.toString());
      if (!rects || !quote) return;
      const shape: Shape = { kind: "highlight", rects, quote };
      setDraft({ ...shapeAnchor(shape), shape });
    };
    document.addEventListener("selectionchange", onChange);
    return () => document.removeEventListener("selectionchange", onChange);
  }, [mode]);

  const changeFile = (next: number) => {
    const nextFile = files[next];
    if (mode === "text" && nextFile && previewKind(nextFile) !== "pdf") setMode("pin");
    setIndex(next);
    setPage(1);
    setDraft(null);
    setRedrawing(null);
  };
  const changePage = (next: number) => {
    setPage(next);
    setDraft(null);
    setRedrawing(null);
  };

  const submit = (view: ViewState) =>
    form.handleSubmit(({ body, internal }) => {
      if (!draft) return;
      sent.current = { draft, body };
      create.mutate({
        proofId,
        fileId: view.file.id,
        ...draft,
        ...(draft.shape ? shapeAnchor(draft.shape) : {}),
        ...(view.kind === "pdf" ? { page: view.page } : {}),
        ...(view.media ? { at: drawnAt.current ?? view.media.time } : {}),
        body,
        shadow: internal,
        requestId: requestId.current(),
      });
    });

  return (
    <FileViewer
      files={files}
      index={index}
      onIndexChange={changeFile}
      page={page}
      onPageChange={changePage}
      onClose={onClose}
      description={HINTS[previewKind(files[index] ?? files[0]!)]}
      tool={tool}
      selectText={mode === "text"}
      marks={(view) =>
        listed(view).map((p, i) => ({
          id: p.id,
          at: p.at ?? 0,
          label: `Pin ${i + 1}: ${p.body}`,
          selected: selected === p.id,
          internal: p.shadow,
          onSelect: () => {
            setSelected(p.id);
            if (p.at != null) view.media?.seek(p.at);
          },
        }))
      }
      toolbar={(view) =>
        view.shown &&
        (view.kind === "audio" && view.media ? (
          <Button
            variant="outline"
            className="h-11"
            onClick={() => {
              const playhead = view.media!;
              drawnAt.current = playhead.time;
              playhead.seek(playhead.time);
              setRedrawing(null);
              setDraft({ x: 0, y: 0 });
            }}
          >
            <MessageSquarePlus aria-hidden /> Comment at {clockTime(view.media.time)}
          </Button>
        ) : (
          TOOLS.filter((t) => t.mode !== "text" || view.kind === "pdf").map(({ mode: m, label, icon: Icon }) => (
            <Button
              key={m}
              variant={mode === m ? "default" : "outline"}
              size="icon"
              className="size-11 sm:size-11"
              aria-label={label}
              aria-pressed={mode === m}
              onClick={() => {
                setMode(m);
                setDraft(null);
              }}
            >
              <Icon aria-hidden />
            </Button>
          ))
        ))
      }
      overlay={(view) => {
        media.current = view.media;
        const all = listed(view);
        const here = all.filter((p) => onFrame(view, p));
        return (
          <>
            <ShapeLayer
              shapes={[
                ...here.flatMap((p) =>
                  p.shape
                    ? [
                        {
                          id: p.id,
                          shape: p.shape,
                          colour: authorColour(p.authorName ?? "guest"),
                          faded: !!p.resolvedAt || redrawing === p.id,
                          selected: selected === p.id,
                        },
                      ]
                    : [],
                ),
                ...(draft?.shape ? [{ id: "draft", shape: draft.shape, colour: "var(--primary)" }] : []),
              ]}
            />
            {here.map((p) => (
              <button
                key={p.id}
                type="button"
                data-testid="pin"
                data-pin-id={p.id}
                aria-label={`Pin ${all.indexOf(p) + 1}: ${p.body}`}
                title={p.body}
                onPointerDown={(e) => e.stopPropagation()}
                onClick={() => setSelected(p.id)}
                className={cn(
                  "absolute grid place-items-center text-xs font-semibold",
                  p.w != null && p.h != null
                    ? "rounded-sm border-2"
                    : cn(
                        "size-7 -translate-y-1/2 rounded-full border-2 bg-background",
                        // A highlight's number stands before its first line, not over the words.
                        p.shape?.kind === "highlight" ? "-translate-x-full" : "-translate-x-1/2",
                      ),
                  p.shadow ? "border-amber-500 text-amber-700" : "border-fuchsia-600 text-fuchsia-700",
                  (p.resolvedAt || redrawing === p.id) && "opacity-50",
                  selected === p.id && "ring-4 ring-ring",
                )}
                style={{
                  left: `${p.x * 100}%`,
                  top: `${(p.shape?.kind === "highlight" ? p.y + (p.shape.rects[0]?.[3] ?? 0) / 2 : p.y) * 100}%`,
                  ...(p.w != null && p.h != null ? { width: `${p.w * 100}%`, height: `${p.h * 100}%` } : {}),
                }}
              >
                {p.w != null ? (
                  <span className="absolute -left-3 -top-3 grid size-6 place-items-center rounded-full bg-background">
                    {all.indexOf(p) + 1}
                  </span>
                ) : (
                  all.indexOf(p) + 1
                )}
              </button>
            ))}
            {draft && !draft.shape && (
              <div
                aria-hidden
                className={cn(
                  "pointer-events-none absolute border-2 border-dashed border-primary",
                  draft.w === undefined && "size-5 -translate-x-1/2 -translate-y-1/2 rounded-full",
                )}
                style={{
                  left: `${draft.x * 100}%`,
                  top: `${draft.y * 100}%`,
                  ...(draft.w !== undefined ? { width: `${draft.w * 100}%`, height: `${(draft.h ?? 0) * 100}%` } : {}),
                }}
              />
            )}
          </>
        );
      }}
      aside={(view) => {
        media.current = view.media;
        if (!view.shown) return null;
        const here = listed(view);
        return (
          <>
            {redrawing && (
              <div className="grid gap-2 rounded-lg border border-primary p-2 text-sm" data-testid="redraw">
                <p role="status">
                  {draft && !drawing
                    ? `The new mark of pin ${here.findIndex((p) => p.id === redrawing) + 1}: save it in place of the old one?`
                    : `Draw the new mark of pin ${here.findIndex((p) => p.id === redrawing) + 1}: a point, a box, an arrow or by hand.`}
                </p>
                <div className="flex justify-end gap-2">
                  <Button
                    type="button"
                    variant="ghost"
                    className="h-11"
                    onClick={() => {
                      setRedrawing(null);
                      setDraft(null);
                    }}
                  >
                    Cancel
                  </Button>
                  {draft && !drawing && (
                    <Button
                      type="button"
                      className="h-11"
                      disabled={redraw.isPending}
                      onClick={() => redraw.mutate({ proofId, annotationId: redrawing, ...draft })}
                    >
                      {redraw.isPending ? "Saving…" : "Save mark"}
                    </Button>
                  )}
                </div>
              </div>
            )}
            {draft && !drawing && !redrawing && (
              <form
                onSubmit={submit(view)}
                className={cn("grid gap-2 rounded-lg border p-2", internal && INTERNAL_COMPOSER_CLASS)}
                data-internal={internal}
                noValidate
              >
                {user && isStaff(user.role) && <InternalNoteToggle checked={internal} {...form.register("internal")} />}
                <Field
                  label={
                    view.kind === "audio"
                      ? `${internal ? "Internal note" : "Comment"} at ${clockTime(drawnAt.current ?? 0)}`
                      : `${internal ? "Internal note" : "Comment"} at the ${draft.shape ? SHAPE_NAMES[draft.shape.kind] : "pin"}${view.media ? `, ${momentLabel(view, drawnAt.current ?? view.media.time)}` : ""}`
                  }
                  error={fieldError(form, "body")}
                >
                  {(control) => (
                    // Not for a highlight: the words are still being chosen, and focus here would end the choice.
                    <Textarea
                      {...control}
                      autoFocus={draft.shape?.kind !== "highlight"}
                      {...form.register("body")}
                      onKeyDown={submitOnModEnter}
                    />
                  )}
                </Field>
                <div className="flex justify-end gap-2">
                  <Button type="button" variant="ghost" className="h-11" onClick={() => setDraft(null)}>
                    Cancel
                  </Button>
                  <SubmitButton pending={create.isPending} pendingLabel="Pinning…">
                    Pin comment
                  </SubmitButton>
                </div>
                <FormError error={create.error} fieldsShown />
              </form>
            )}
            <ol className="grid gap-2">
              {here.map((p, i) => (
                // Reachable by Tab, each in turn: focus shows its pin on the file.
                <li
                  key={p.id}
                  data-testid="pin-entry"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: the entry is the way to its pin for the keyboard
                  tabIndex={0}
                  onFocus={() => {
                    setSelected(p.id);
                    if (p.at != null) view.media?.seek(p.at);
                    revealPin(p.id);
                  }}
                  aria-current={selected === p.id ? "true" : undefined}
                  className={cn("rounded-lg border p-2 text-sm", p.shadow && "bg-amber-500/10", selected === p.id && "ring-2 ring-ring")}
                >
                  {p.shape?.kind === "highlight" && (
                    <blockquote className="mb-1 line-clamp-3 border-l-2 pl-2 text-xs text-muted-foreground italic">
                      “{p.shape.quote}”
                    </blockquote>
                  )}
                  <p className="break-words">
                    <strong>{i + 1}.</strong> {p.body}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {p.shape && (
                      <span
                        aria-hidden
                        className="mr-1 inline-block size-2.5 rounded-full align-middle"
                        style={{ background: authorColour(p.authorName ?? "guest") }}
                      />
                    )}
                    {p.authorName ?? "Someone"} · {view.kind === "audio" ? "moment" : KIND_OF(p)}
                    {p.at != null && (
                      <>
                        {" · "}
                        <span className="font-mono tabular-nums" data-testid="pin-moment">
                          {momentLabel(view, p.at)}
                        </span>
                      </>
                    )}
                    {view.kind !== "audio" && (
                      <span className="sr-only">
                        {`, at ${Math.round(p.x * 100)} % across and ${Math.round(p.y * 100)} % down the ${view.kind === "pdf" ? `page ${view.page}` : view.kind === "video" ? "frame" : "file"}`}
                      </span>
                    )}
                    {p.shadow ? " · internal" : ""}
                    {p.resolvedAt ? " · resolved" : ""}
                  </p>
                  {(user || p.changeable) && (
                    <div className="mt-1 flex flex-wrap gap-1">
                      {user && (
                        <a
                          href={`#comment-${p.commentId}`}
                          onClick={onClose}
                          className="inline-flex h-11 items-center px-2 text-xs underline"
                        >
                          In the conversation
                        </a>
                      )}
                      {user && (
                        <Button
                          variant="ghost"
                          className="h-11 text-xs"
                          disabled={resolve.isPending}
                          onClick={() => resolve.mutate({ annotationId: p.id, resolved: !p.resolvedAt })}
                        >
                          {p.resolvedAt ? "Reopen" : "Resolve"}
                        </Button>
                      )}
                      {p.changeable && (
                        <>
                          {view.kind !== "audio" && (
                            <Button
                              variant="ghost"
                              className="h-11 text-xs"
                              aria-label={`Redraw pin ${i + 1}`}
                              disabled={redrawing === p.id}
                              onClick={() => startRedraw(p)}
                            >
                              Redraw
                            </Button>
                          )}
                          <ConfirmDialog
                            trigger={
                              <Button variant="ghost" className="h-11 text-xs" aria-label={`Remove the mark of pin ${i + 1}`}>
                                Remove
                              </Button>
                            }
                            title={`Remove the mark of pin ${i + 1}?`}
                            description="The mark leaves the file; what was said with it stays in the conversation."
                            confirmLabel="Remove"
                            busyLabel="Removing…"
                            destructive
                            onConfirm={() => remove.mutateAsync({ proofId, annotationId: p.id })}
                          />
                        </>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ol>
            {mode === "text" && view.kind === "pdf" && !draft && (
              <p role="status" className="text-sm text-muted-foreground">
                Choose words on the page (drag across them, or press and hold on a phone), then write what to change.
              </p>
            )}
            {here.length === 0 && (!draft || drawing) && (
              <p className="text-sm text-muted-foreground">
                {view.kind === "audio"
                  ? "No comments pinned yet: pause where you hear something, then press Comment at."
                  : view.kind === "video"
                    ? "No pins yet: pause on a frame (step with , and .), then click or draw on it to pin a comment there."
                    : "No pins here yet: click a point or drag a box on the file to pin a comment there, or draw."}
              </p>
            )}
          </>
        );
      }}
    />
  );
}
