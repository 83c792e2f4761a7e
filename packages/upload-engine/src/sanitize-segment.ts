// Turns any user-typed name into one storage path segment that is safe on every store.

// Letters that Unicode does not decompose into a base letter plus accent.
const FOLDED: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  ł: "l",
  Ł: "L",
  þ: "th",
  Þ: "TH",
  ı: "i",
  ħ: "h",
  Ħ: "H",
  ŋ: "n",
  Ŋ: "N",
};

const QUOTES = /['"`´‘’‚‛“”„‟‹›«»]/g;
const COMBINING_MARKS = /\p{M}/gu;
const MAX_SEGMENT_LENGTH = 200;
const MAX_EXTENSION_LENGTH = 16;
const FALLBACK = "untitled";

/**
 * One safe path segment: accents folded to ASCII, quotes removed, whitespace made `_`,
 * slashes and backslashes made `-`, anything else outside [A-Za-z0-9._-] made `_`.
 * Never empty, never `.` or `..`, never hidden (no leading dot), at most 200 characters.
 */
export function sanitizeSegment(input: string): string {
  let text = input.normalize("NFKD").replace(COMBINING_MARKS, "");
  text = Array.from(text, (char) => FOLDED[char] ?? char).join("");
  text = text
    .replace(QUOTES, "")
    .replace(/[/\\]+/g, "-")
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[_.]+/, "")
    .replace(/_+$/, "");
  if (text.length > MAX_SEGMENT_LENGTH) text = truncateKeepingExtension(text);
  // A segment of dots alone would walk the tree; the leading-dot strip above already
  // removed those, this also covers the empty result.
  return /^\.*$/.test(text) ? FALLBACK : text;
}

function truncateKeepingExtension(text: string): string {
  const dot = text.lastIndexOf(".");
  const extension = dot > 0 && text.length - dot <= MAX_EXTENSION_LENGTH ? text.slice(dot) : "";
  return text.slice(0, MAX_SEGMENT_LENGTH - extension.length) + extension;
}
