"use client";
// Each round's pins on its own side of compare: the pins of the file (and, for a PDF, of the page) shown, at their
// place as fractions of the picture, so they hold at any zoom.
import type { RouterOutputs } from "@atelier/api";
import { authorColour } from "@atelier/domain";
import { cn } from "@atelier/ui";
import type { ReactNode } from "react";
import { useRoundPins } from "~/components/proofs/round-checklist";
import { ShapeLayer } from "~/components/proofs/shape-layer";

type Pin = RouterOutputs["annotations"]["list"][number];

/** A round's pins on one file; on a PDF, on one page (a pin with no page is on page 1). */
export function useFilePins(proofId: string | undefined, fileId: string | undefined, page: number | null): Pin[] {
  return useRoundPins(proofId).filter((p) => p.fileId === fileId && (page === null || (p.page ?? 1) === page));
}

/** A picture with its pins (and their arrows and strokes) over it, numbered in the order they were made. */
export function Pinned({ pins, children }: { pins: Pin[]; children: ReactNode }) {
  return (
    <div className="relative w-fit">
      {children}
      <ShapeLayer
        shapes={pins.flatMap((p) =>
          p.shape ? [{ id: p.id, shape: p.shape, colour: authorColour(p.authorName ?? "guest"), faded: !!p.resolvedAt }] : [],
        )}
      />
      {pins.map((pin, i) => {
        const box = pin.w !== null && pin.h !== null;
        const label = `Pin ${i + 1}${pin.resolvedAt ? " (done)" : ""}: ${pin.body}`;
        return (
          <span
            key={pin.id}
            role="img"
            aria-label={label}
            title={label}
            data-testid="compare-pin"
            className={cn(
              "absolute grid place-items-center text-[11px] font-semibold text-white",
              box
                ? "rounded-sm border-2 border-primary bg-primary/10"
                : "size-6 -translate-x-1/2 -translate-y-1/2 rounded-full bg-primary shadow ring-2 ring-white",
              pin.resolvedAt && "opacity-50",
            )}
            style={{
              left: `${pin.x * 100}%`,
              top: `${pin.y * 100}%`,
              ...(box ? { width: `${pin.w! * 100}%`, height: `${pin.h! * 100}%` } : {}),
            }}
          >
            {box ? <span className="absolute -top-3 -left-3 grid size-6 place-items-center rounded-full bg-primary">{i + 1}</span> : i + 1}
          </span>
        );
      })}
    </div>
  );
}
