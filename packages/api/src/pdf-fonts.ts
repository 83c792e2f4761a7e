// The fonts of the PDFs drawn here (invoices, approval certificates): the standard Helvetica while every letter is one
// it has; else Noto fonts, embedded (only the glyphs used), chosen per run of text along a chain: Noto Sans (Latin,
// Greek, Cyrillic), Noto Sans JP (Chinese and Japanese characters, kana), Noto Emoji (drawn in outline). A letter
// none of them has prints as a visible □, never as a wrong one.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import * as fontkit from "fontkit";

export const UNICODE_REGULAR = "Unicode";
export const UNICODE_BOLD = "Unicode-Bold";
/** What Helvetica prints: Latin-1 and the letters Windows-1252 adds (its WinAnsi encoding). */
export const STANDARD_FONT_TEXT = /^[\n\r\t\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

/** The fallback chain after the base font, regular and bold, by the names they are registered under. */
const CHAIN = [
  { regular: "CJK", bold: "CJK-Bold" },
  { regular: "Emoji", bold: "Emoji" },
];
/** The chain's emoji fonts. */
const EMOJI = new Set(CHAIN.filter((f) => f.regular === "Emoji").flatMap((f) => [f.regular, f.bold]));
/** What prints where no font of the chain has the letter. */
const MISSING = "□";

let fonts: { bytes: Record<string, Buffer>; has: Record<string, (codePoint: number) => boolean> } | undefined;

/**
 * The font files, read once, and which letters each has. Resolved from the working directory at run time, not from
 * this module's URL: the web app bundles this package, and the font packages stay in node_modules.
 */
function loaded() {
  if (!fonts) {
    const require = createRequire(join(process.cwd(), "noop.js"));
    const files: Record<string, string> = {
      [UNICODE_REGULAR]: require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
      [UNICODE_BOLD]: require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
      CJK: require.resolve("@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf"),
      "CJK-Bold": require.resolve("@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf"),
      Emoji: require.resolve("@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf"),
    };
    const bytes = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, readFileSync(file)]));
    const has = Object.fromEntries(
      Object.entries(bytes).map(([name, data]) => {
        const font = fontkit.create(data) as fontkit.Font;
        return [name, (codePoint: number) => font.hasGlyphForCodePoint(codePoint)];
      }),
    );
    fonts = { bytes, has };
  }
  return fonts;
}

/** Every font to register with a document that prints beyond Helvetica. */
export function fontBytes(): Record<string, Buffer> {
  return loaded().bytes;
}

/** A run of text in one font. */
interface TextRun {
  font: string;
  text: string;
}

/**
 * `text` cut into runs, each in the first font of the chain (from `base`) that has its letters; spaces and marks stay
 * with the run they are in. Letters no font has become □.
 */
function textRuns(text: string, base: string): TextRun[] {
  const { has } = loaded();
  const bold = base === UNICODE_BOLD;
  const chain = [base, ...CHAIN.map((f) => (bold ? f.bold : f.regular))];
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const last = runs.at(-1);
    // Joiners and variation selectors belong to the letter before them; spaces to the text's run (an emoji font's
    // space is as wide as an emoji).
    if (last && /[\u200d\ufe0e\ufe0f]/u.test(char)) {
      last.text += char;
      continue;
    }
    const space = /\s/u.test(char);
    if (space && last && !EMOJI.has(last.font)) {
      last.text += char;
      continue;
    }
    const font = space ? base : chain.find((name) => has[name]?.(codePoint));
    const [printed, inFont] = font ? [char, font] : [MISSING, base];
    if (last && last.font === inFont) last.text += printed;
    else runs.push({ font: inFont, text: printed });
  }
  return runs;
}

/**
 * A way to write text in `doc`: in `font` at (x, y), or on from the last text, run by run along the fallback chain
 * (as is, in the standard fonts, when `standard`).
 */
export function textWriter(doc: PDFKit.PDFDocument, standard: boolean) {
  return (text: string, font: string, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}) => {
    const runs = standard ? [{ font, text }] : textRuns(text, font);
    runs.forEach((run, i) => {
      doc.font(run.font);
      const each = { ...options, continued: i < runs.length - 1 || options.continued === true };
      if (i === 0 && x !== undefined) doc.text(run.text, x, y, each);
      else doc.text(run.text, each);
    });
  };
}
