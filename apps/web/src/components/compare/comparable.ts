// Which files of two rounds compare with each other: images with images, PDFs with PDFs. Apart from the compare
// dialog, so that the project page can ask whether there is anything to compare without loading the dialog.
import type { RouterOutputs } from "@atelier/api";
import { previewKind } from "@atelier/domain";

export type Round = RouterOutputs["proofs"]["list"][number];
export type RoundFile = Round["files"][number];
export type Kind = "image" | "pdf";

export const kindOf = (file: RoundFile): Kind | null => {
  const kind = previewKind(file);
  return kind === "other" || !file.downloadUrl ? null : kind;
};
export const comparableFiles = (round: Round | undefined) => (round?.files ?? []).filter((f) => kindOf(f) !== null);

/** Whether a project's rounds give anything to compare: two rounds with an image or a PDF each. */
export function canCompareRounds(rounds: readonly Round[] | undefined): boolean {
  return (rounds ?? []).filter((round) => comparableFiles(round).length > 0).length >= 2;
}

/** The earlier round's counterpart of a file, of the same kind: the same name, else the same place, else the first. */
export function counterpart(file: RoundFile | undefined, after: RoundFile[], before: RoundFile[]): RoundFile | undefined {
  if (!file) return undefined;
  const kind = kindOf(file);
  const same = before.filter((f) => kindOf(f) === kind);
  const atSamePlace = before[after.indexOf(file)];
  return same.find((f) => f.name === file.name) ?? (atSamePlace && same.includes(atSamePlace) ? atSamePlace : undefined) ?? same[0];
}
