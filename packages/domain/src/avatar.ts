// Avatar sizes and the initials shown when there is no image.

export const AVATAR_SIZES = {
  sm: 32,
  default: 40,
  md: 50,
  lg: 90,
  xl: 150,
} as const;

export type AvatarSize = keyof typeof AVATAR_SIZES;

/** The bell shows the medium size. */
export const { md: NOTIFICATION_AVATAR_SIZE } = AVATAR_SIZES;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

// By grapheme, not by code unit, so a letter with a combining mark or an emoji stays whole.
function firstGrapheme(word: string): string {
  for (const { segment } of graphemes.segment(word)) return segment;
  return "";
}

// One word gives one letter rather than doubling it; no name gives '' so the
// fallback renders empty instead of "NU". Plain toUpperCase, because a Turkish
// default locale would turn 'i' into 'İ'.
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").normalize("NFC").split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (first === undefined) return "";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (firstGrapheme(first) + (last ? firstGrapheme(last) : "")).toUpperCase();
}
