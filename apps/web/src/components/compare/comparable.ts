// Which files of a proof's rounds compare with each other: images with images, PDFs with PDFs, videos with videos,
// from two rounds or from one. Apart from the compare dialog, so that the project page can ask whether there is anything to compare
// without loading the dialog.
import type { RouterOutputs } from "@atelier/api";
import { previewKind } from "@atelier/domain";

type ProofFile = RouterOutputs["proofs"]["list"][number]["files"][number];
/** A file as compare reads it: a round's, or a project's (its materials, say) compared outside any round. */
export type RoundFile = Pick<ProofFile, "id" | "name" | "type" | "downloadUrl"> & { size: number | null; media?: ProofFile["media"] };
/** A round of a proof, or a project's files of one kind (id "", no pins) named by `label`. */
export interface Round {
  id: string;
  round: number;
  label?: string;
  files: RoundFile[];
}
export type Kind = "image" | "pdf" | "video";

export const kindOf = (file: RoundFile): Kind | null => {
  const kind = previewKind(file);
  return (kind === "image" || kind === "pdf" || kind === "video") && file.downloadUrl ? kind : null;
};
export const comparableFiles = (round: Round | undefined) => (round?.files ?? []).filter((f) => kindOf(f) !== null);

/**
 * What a project's rounds give to compare: "rounds" when two rounds have an image, a PDF or a video each, "files" when one
 * round has two of a kind (two versions sent side by side), else null.
 */
export function comparison(rounds: readonly Round[] | undefined): "rounds" | "files" | null {
  const withFiles = (rounds ?? []).filter((round) => comparableFiles(round).length > 0);
  if (withFiles.length >= 2) return "rounds";
  const kinds = comparableFiles(withFiles[0]).map(kindOf);
  return kinds.some((kind, i) => kinds.indexOf(kind) !== i) ? "files" : null;
}

/**
 * The files `file` may be compared with in `before` (another round's, or its own round's others): those of its kind,
 * and the one it is most likely a version of first: the same name, else the same place in its round.
 */
export function candidates<F extends RoundFile>(file: F | undefined, after: readonly F[], before: readonly F[]): F[] {
  if (!file) return [];
  const kind = kindOf(file);
  const same = before.filter((f) => f.id !== file.id && kindOf(f) === kind);
  const atSamePlace = before[after.indexOf(file)];
  const likely = same.find((f) => f.name === file.name) ?? (atSamePlace && same.includes(atSamePlace) ? atSamePlace : undefined);
  return likely ? [likely, ...same.filter((f) => f !== likely)] : same;
}
