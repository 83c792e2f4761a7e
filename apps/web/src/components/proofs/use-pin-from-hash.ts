import type { RouterOutputs } from "@atelier/api";
import { PROOF_ROUND_ANCHOR } from "@atelier/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ViewedFile } from "~/components/viewer/types";
import { useTRPC } from "~/trpc/react";

/** A proof's files as they were when opened: their signed links change with every refetch, and the viewer must not reload. */
export interface ProofViewing {
  proofId: string;
  files: ViewedFile[];
  index: number;
  pinId?: string;
  page?: number;
}

/** A thread entry links to its pin as #pin-{id}: the file opens at that pin, and the hash leaves the address. */
export function usePinFromHash(
  projectId: string,
  proofs: RouterOutputs["proofs"]["list"] | undefined,
  open: (viewing: ProofViewing) => void,
): void {
  const trpc = useTRPC();
  const pins = useQuery(trpc.annotations.byProject.queryOptions({ projectId }));
  useEffect(() => {
    const openPin = () => {
      const pinId = /^#pin-(.+)$/.exec(window.location.hash)?.[1];
      const pin = pinId ? pins.data?.find((a) => a.id === decodeURIComponent(pinId)) : undefined;
      const files = pin ? proofs?.find((p) => p.id === pin.proofId)?.files : undefined;
      const index = pin && files ? files.findIndex((f) => f.id === pin.fileId) : -1;
      if (!pin || !files || index < 0) return;
      open({ proofId: pin.proofId, files, index, pinId: pin.id, page: pin.page ?? 1 });
      history.replaceState(null, "", window.location.pathname + window.location.search);
    };
    openPin();
    window.addEventListener("hashchange", openPin);
    return () => window.removeEventListener("hashchange", openPin);
  }, [pins.data, proofs, open]);
}

/**
 * A mail about a round links to #round-{n} (proofRoundHref): once the rounds are listed, that one is brought into view
 * and answered as the linked round. Rounds load after the page, so the browser's own jump to the anchor comes too early.
 */
export function useRoundFromHash(proofs: RouterOutputs["proofs"]["list"] | undefined): number | null {
  const [linked, setLinked] = useState<number | null>(null);
  useEffect(() => {
    if (!proofs) return;
    const show = () => {
      const round = Number(new RegExp(`^#${PROOF_ROUND_ANCHOR}(\\d+)$`).exec(window.location.hash)?.[1] ?? Number.NaN);
      if (!proofs.some((p) => p.round === round)) return;
      setLinked(round);
      document.getElementById(`${PROOF_ROUND_ANCHOR}${round}`)?.scrollIntoView({ block: "start" });
    };
    show();
    window.addEventListener("hashchange", show);
    return () => window.removeEventListener("hashchange", show);
  }, [proofs]);
  return linked;
}
