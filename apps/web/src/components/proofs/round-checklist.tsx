"use client";
// A round's pins as the designer's checklist (docs/compare.md, "The checklist"): before the next round is sent, what
// is still open (ticked off here, as the viewer resolves a pin); on the next round, each item with where it was asked
// and a way to the same page of the new round's file, where it was addressed.
import type { RouterOutputs } from "@atelier/api";
import { plural } from "@atelier/domain";
import { Button, cn } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, ChevronRight, Circle } from "lucide-react";
import type { ReactNode } from "react";
import { toastError } from "~/components/common/toast-error";
import { candidates } from "~/components/compare/comparable";
import { useTRPC } from "~/trpc/react";

type Round = RouterOutputs["proofs"]["list"][number];
type Pin = RouterOutputs["annotations"]["list"][number];

/** A round's pins (none while no round is given), shared by the checklist and compare. */
export function useRoundPins(proofId: string | undefined): Pin[] {
  const trpc = useTRPC();
  return useQuery({ ...trpc.annotations.list.queryOptions({ proofId: proofId ?? "" }), enabled: !!proofId }).data ?? [];
}

/** A round's checklist: its pins, each open until resolved. */
export function useChecklist(round: Round | undefined) {
  const items = useRoundPins(round?.id);
  return { items, open: items.filter((p) => !p.resolvedAt) };
}

const where = (pin: Pin, round: Round) => {
  const file = round.files.find((f) => f.id === pin.fileId)?.name ?? "a file";
  return `${file}${pin.page ? `, page ${pin.page}` : ""}`;
};

function Item({ pin, round, children }: { pin: Pin; round: Round; children?: ReactNode }) {
  const done = !!pin.resolvedAt;
  return (
    <li className="flex min-w-0 items-start gap-2 py-1" data-testid="checklist-item" data-open={!done || undefined}>
      {done ? (
        <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label="Done" />
      ) : (
        <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label="Open" />
      )}
      <div className="min-w-0 flex-1 text-sm">
        <p className={cn("line-clamp-3 whitespace-pre-wrap wrap-anywhere", done && "text-muted-foreground line-through")}>{pin.body}</p>
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
          <span>
            {pin.authorName ?? "Someone"} · {where(pin, round)}
          </span>
          <a className="inline-flex min-h-11 items-center underline underline-offset-2 sm:min-h-0" href={`#pin-${pin.id}`}>
            Asked in round {round.round}
          </a>
          {children}
        </p>
      </div>
    </li>
  );
}

/** Staff, sending the next round: the latest round's items, ticked off one by one. */
export function ChecklistBeforeSending({ round }: { round: Round }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { items, open } = useChecklist(round);
  const resolve = useMutation(
    trpc.annotations.resolve.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries(trpc.annotations.list.queryFilter({ proofId: round.id })),
      onError: toastError,
    }),
  );
  if (items.length === 0) return null;
  return (
    <section className="grid gap-1 rounded-md border bg-muted/30 p-2" aria-labelledby={`checklist-${round.id}`} data-testid="checklist">
      <h4 id={`checklist-${round.id}`} className="text-sm font-medium">
        Checklist from round {round.round}
        <span className="font-normal text-muted-foreground" data-testid="checklist-summary">
          {" "}
          · {open.length === 0 ? "all done" : `${plural(open.length, "item")} still open`}
        </span>
      </h4>
      <ul className="grid">
        {items.map((pin) => (
          <Item key={pin.id} pin={pin} round={round}>
            <Button
              type="button"
              variant="link"
              className="h-auto min-h-11 p-0 text-xs sm:min-h-0"
              disabled={resolve.isPending}
              onClick={() => resolve.mutate({ annotationId: pin.id, resolved: !pin.resolvedAt })}
            >
              {pin.resolvedAt ? "Reopen" : "Mark done"}
            </Button>
          </Item>
        ))}
      </ul>
    </section>
  );
}

/**
 * On a round after the first: the round before's items, each with where it was asked and a way to the same page of
 * this round's counterpart file (the same name, else the same place).
 */
export function AddressedChecklist({
  previous,
  round,
  onOpen,
}: {
  previous: Round;
  round: Round;
  onOpen: (index: number, page: number) => void;
}) {
  const { items, open } = useChecklist(previous);
  if (items.length === 0) return null;
  const counterpart = (pin: Pin) => {
    const asked = previous.files.find((f) => f.id === pin.fileId);
    const likely = candidates(asked, previous.files, round.files)[0];
    if (likely) return round.files.indexOf(likely);
    return Math.min(Math.max(0, asked ? previous.files.indexOf(asked) : 0), round.files.length - 1);
  };
  return (
    <details className="group rounded-md border p-2" data-testid="addressed-checklist">
      <summary className="flex min-h-11 cursor-pointer items-center gap-1 text-sm sm:min-h-0">
        <ChevronRight className="size-4 shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none" aria-hidden />
        Round {previous.round}'s checklist: {plural(items.length - open.length, "item")} of {items.length} done
      </summary>
      <ul className="mt-1 grid">
        {items.map((pin) => (
          <Item key={pin.id} pin={pin} round={previous}>
            <Button
              type="button"
              variant="link"
              className="h-auto min-h-11 p-0 text-xs sm:min-h-0"
              onClick={() => onOpen(counterpart(pin), pin.page ?? 1)}
            >
              See it in round {round.round}
            </Button>
          </Item>
        ))}
      </ul>
    </details>
  );
}
