import type { RouterOutputs } from "@atelier/api";
import { clockTime } from "@atelier/domain";

type ProjectPin = Pick<RouterOutputs["annotations"]["byProject"][number], "id" | "fileName" | "page" | "at" | "round">;

/** A thread entry's link to the pin it was written at: opens the proof's file there. */
export function PinLink({ pin }: { pin: ProjectPin }) {
  return (
    <a href={`#pin-${pin.id}`} className="inline-flex min-h-11 items-center text-xs underline underline-offset-2" data-testid="pin-link">
      Pinned on {pin.fileName}
      {pin.page ? `, page ${pin.page}` : ""}
      {pin.at != null ? ` at ${clockTime(pin.at)}` : ""} · round {pin.round}
    </a>
  );
}
