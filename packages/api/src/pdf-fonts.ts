/// <reference path="./bidi-js.d.ts" />
// The fonts of the PDFs drawn here (invoices, approval certificates): the standard Helvetica while every letter is one
// it has; else Noto fonts, embedded (only the glyphs used), chosen per run of text along a chain: Noto Sans (Latin,
// Greek, Cyrillic), IBM Plex Sans Arabic (each letter one glyph, its dots included, so the PDF's text reads back
// letter for letter; Noto's Arabic draws dots as glyphs of their own), Noto Sans Hebrew, Noto Sans JP (Chinese and
// Japanese characters, kana), Noto Emoji (drawn in outline). A letter none of them has prints as a visible □, never as a wrong one. Text with
// right-to-left letters is wrapped here and each line put in visual order by the Unicode Bidirectional Algorithm
// (bidi-js): pdfkit draws left to right, and fontkit shapes Arabic and turns each right-to-left run it is given.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import bidiFactory from "bidi-js";
import * as fontkit from "fontkit";

export const UNICODE_REGULAR = "Unicode";
export const UNICODE_BOLD = "Unicode-Bold";
/** What Helvetica prints: Latin-1 and the letters Windows-1252 adds (its WinAnsi encoding). */
export const STANDARD_FONT_TEXT = /^[\n\r\t\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

/** The fallback chain after the base font, regular and bold, by the names they are registered under. */
const CHAIN = [
  { regular: "Arabic", bold: "Arabic-Bold" },
  { regular: "Hebrew", bold: "Hebrew-Bold" },
  { regular: "CJK", bold: "CJK-Bold" },
  { regular: "Emoji", bold: "Emoji" },
];
/** The chain's right-to-left fonts: fontkit turns the runs it lays out in them. */
const RIGHT_TO_LEFT_FONTS = new Set(["Arabic", "Arabic-Bold", "Hebrew", "Hebrew-Bold"]);
/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
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
      Arabic: require.resolve("@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf"),
      "Arabic-Bold": require.resolve("@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf"),
      Hebrew: require.resolve("@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf"),
      "Hebrew-Bold": require.resolve("@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf"),
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

const bidi = bidiFactory();

/** Whether `text` holds a right-to-left letter. */
const hasRightToLeft = (text: string) => RIGHT_TO_LEFT.test(text);

/** Whether a paragraph reads right to left: its first strong letter does (UAX #9, P2 and P3). */
const readsRightToLeft = (paragraph: string) => (bidi.getEmbeddingLevels(paragraph, "auto").paragraphs[0]?.level ?? 0) % 2 === 1;

/**
 * One line of a paragraph reading `direction`, in visual order (left to right as drawn), its brackets mirrored; each
 * run of a right-to-left font is then turned back, since fontkit turns it once more as it shapes it.
 */
function visualRuns(line: string, base: string, direction: "ltr" | "rtl"): TextRun[] {
  const levels = bidi.getEmbeddingLevels(line, direction);
  const chars = line.split("");
  for (const [index, mirror] of bidi.getMirroredCharactersMap(line, levels.levels)) chars[index] = mirror;
  for (const [start, end] of bidi.getReorderSegments(line, levels)) {
    const turned = chars.slice(start, end + 1).reverse();
    chars.splice(start, turned.length, ...turned);
  }
  // A pair of UTF-16 halves turned with its line is put back in order.
  const visual = chars.join("").replace(/([\udc00-\udfff])([\ud800-\udbff])/g, "$2$1");
  return textRuns(visual, base).map((run) =>
    RIGHT_TO_LEFT_FONTS.has(run.font) ? { ...run, text: [...run.text].reverse().join("") } : run,
  );
}

/**
 * Features given (none beyond the script's defaults), pdfkit lays out each run whole, not word by word: fontkit shapes
 * and turns a right-to-left run as one, its words and spaces in their places.
 */
const WHOLE: PDFKit.Mixins.OpenTypeFeatures[] = [];

/** The width of `text` as the chain prints it, laid out as it is drawn, in the document's current size. */
function widthOf(doc: PDFKit.PDFDocument, text: string, base: string): number {
  return textRuns(text, base).reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text, { features: WHOLE }), 0);
}

/** `word` cut into pieces of at most `width` each, letter by letter, when it is wider than that. */
function pieces(doc: PDFKit.PDFDocument, word: string, base: string, width: number): string[] {
  if (widthOf(doc, word.trimEnd(), base) <= width) return [word];
  const out: string[] = [];
  let piece = "";
  for (const char of word) {
    if (piece !== "" && widthOf(doc, piece + char, base) > width) {
      out.push(piece);
      piece = "";
    }
    piece += char;
  }
  return [...out, piece];
}

/**
 * `text` cut into lines of at most `width`, at spaces, in its logical order, each with the direction its paragraph
 * reads in; a word wider than a line is cut too.
 */
function wrapped(doc: PDFKit.PDFDocument, text: string, base: string, width: number | undefined) {
  return text.split("\n").flatMap((paragraph) => {
    const direction = readsRightToLeft(paragraph) ? ("rtl" as const) : ("ltr" as const);
    if (width === undefined) return [{ line: paragraph, direction }];
    const lines: string[] = [];
    let line = "";
    for (const word of paragraph.split(/(?<=\s)/u).flatMap((w) => pieces(doc, w, base, width))) {
      if (line !== "" && widthOf(doc, (line + word).trimEnd(), base) > width) {
        lines.push(line.trimEnd());
        line = word;
      } else line += word;
    }
    lines.push(line.trimEnd());
    return lines.map((l) => ({ line: l, direction }));
  });
}

/**
 * A way to write text in `doc`: in `font` at (x, y), or on from the last text, run by run along the fallback chain
 * (as is, in the standard fonts, when `standard`). Text with a right-to-left letter is wrapped here, line by line in
 * visual order; a line that reads right to left is set flush right in its width.
 */
export function textWriter(doc: PDFKit.PDFDocument, standard: boolean) {
  const write = (runs: TextRun[], x: number | undefined, y: number | undefined, options: PDFKit.Mixins.TextOptions) => {
    runs.forEach((run, i) => {
      doc.font(run.font);
      const each = { ...options, continued: i < runs.length - 1 || options.continued === true };
      if (i === 0 && x !== undefined) doc.text(run.text, x, y, each);
      else doc.text(run.text, each);
    });
  };
  return (text: string, font: string, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}) => {
    if (standard || !hasRightToLeft(text)) {
      write(standard ? [{ font, text }] : textRuns(text, font), x, y, options);
      return;
    }
    const left = x ?? doc.x;
    let top = y ?? doc.y;
    for (const { line, direction } of wrapped(doc, text, font, options.width)) {
      // pdfkit aligns each run of a line on its own; a line of a right-to-left paragraph is moved right by what it
      // leaves free.
      const flushRight = direction === "rtl" || options.align === "right";
      const free = options.width !== undefined && flushRight ? options.width - widthOf(doc, line, font) : 0;
      write(visualRuns(line, font, direction), left + Math.max(0, free), top, {
        ...options,
        align: "left",
        width: undefined,
        lineBreak: false,
        features: WHOLE,
      });
      // Drawn without pdfkit's line breaking, which would move down: the next line goes a line lower.
      doc.font(font);
      top += doc.currentLineHeight(true) + (options.lineGap ?? 0);
    }
    doc.x = left;
    doc.y = top;
  };
}
