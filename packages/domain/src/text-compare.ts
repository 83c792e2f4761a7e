// Comparing the text of two versions of a PDF, page by page (docs/compare.md): words added, removed, changed, or
// moved, from the PDF's own text, so a changed phone number is found wherever it went on the page. Pure: the viewer
// hands in each page's text (pdf.js reads it) and shows the answer. The word alignment is jsdiff's (diffArrays);
// what counts as one change (a replaced run, a moved run) and the context shown around it are ours.
import { diffArrays } from "diff";

/** One difference in a page's text, with a few unchanged words around it to find it by. */
export type TextChange = {
  kind: "added" | "removed" | "changed" | "moved";
  /** The words as they were (removed, changed, moved). */
  before?: string;
  /** The words as they are (added, changed). */
  after?: string;
  /** Unchanged words just before and just after the change, in the later version ("moved": where it went). */
  lead: string;
  trail: string;
};

export type PageTextChanges = { page: number; changes: TextChange[] };

/** Words of context shown on each side of a change. */
const CONTEXT_WORDS = 4;

/** A page's text as words: any run of white space splits, Unicode normalised so the same letters compare equal. */
export function textWords(text: string): string[] {
  return text.normalize("NFC").split(/\s+/u).filter(Boolean);
}

type Part = { kind: "same" | "added" | "removed"; words: string[]; at: number };

/** Runs this alike (words in common over the longer run's words) are one changed run, wherever each one is. */
const ALIKE = 0.5;

function alike(a: string[], b: string[]): boolean {
  const left = new Map<string, number>();
  for (const w of a) left.set(w, (left.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of b) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      common += 1;
      left.set(w, n - 1);
    }
  }
  return common / Math.max(a.length, b.length) >= ALIKE;
}

/**
 * The changes from `before` to `after`, in the order they occur in the later text. A removed run next to an added
 * one is one "changed"; a run removed in one place and added unchanged in another is one "moved" (layout work that
 * reorders a page is not a change of its words); a run removed in one place and added mostly alike in another is one
 * "changed" that also moved (a phone number corrected and moved to the foot of the flyer).
 */
export function compareText(before: string, after: string): TextChange[] {
  const a = textWords(before);
  const b = textWords(after);
  // Where each part sits in the later text's words, for the context around it.
  const parts: Part[] = [];
  let at = 0;
  for (const piece of diffArrays(a, b)) {
    const kind = piece.added ? "added" : piece.removed ? "removed" : "same";
    parts.push({ kind, words: piece.value, at });
    if (kind !== "removed") at += piece.value.length;
  }
  const context = (from: number, to: number) => ({
    lead: b.slice(Math.max(0, from - CONTEXT_WORDS), from).join(" "),
    trail: b.slice(to, to + CONTEXT_WORDS).join(" "),
  });

  // Each added run's removed counterpart: the same words (moved), the run beside it, else a run alike elsewhere.
  const counterpart = new Map<Part, Part>();
  const taken = new Set<Part>();
  const pair = (gone: Part, came: Part) => {
    counterpart.set(came, gone);
    taken.add(gone).add(came);
  };
  const removed = parts.filter((p) => p.kind === "removed");
  const added = parts.filter((p) => p.kind === "added");
  const text = (p: Part) => p.words.join(" ");
  for (const gone of removed) {
    const came = added.find((p) => !taken.has(p) && text(p) === text(gone));
    if (came) pair(gone, came);
  }
  parts.forEach((part, i) => {
    const next = parts[i + 1];
    if (part.kind === "same" || !next || next.kind === "same" || taken.has(part) || taken.has(next)) return;
    if (part.kind === "removed") pair(part, next);
    else pair(next, part);
  });
  for (const gone of removed) {
    const came = added.find((p) => !taken.has(p) && !taken.has(gone) && alike(gone.words, p.words));
    if (came) pair(gone, came);
  }

  const changes: TextChange[] = [];
  for (const part of parts) {
    if (part.kind === "same" || (part.kind === "removed" && taken.has(part))) continue;
    const where = context(part.at, part.kind === "added" ? part.at + part.words.length : part.at);
    const gone = counterpart.get(part);
    if (part.kind === "removed") changes.push({ kind: "removed", before: text(part), ...where });
    else if (!gone) changes.push({ kind: "added", after: text(part), ...where });
    else if (text(gone) === text(part)) changes.push({ kind: "moved", before: text(part), ...where });
    else changes.push({ kind: "changed", before: text(gone), after: text(part), ...where });
  }
  return changes;
}

/**
 * Page by page: the pages whose text changed, with their changes. A page only one version has is all added or all
 * removed; pages the same are left out.
 */
export function comparePages(before: readonly string[], after: readonly string[]): PageTextChanges[] {
  const pages: PageTextChanges[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i += 1) {
    const changes = compareText(before[i] ?? "", after[i] ?? "");
    if (changes.length > 0) pages.push({ page: i + 1, changes });
  }
  return pages;
}
