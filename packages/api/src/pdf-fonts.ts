/// <reference path="./bidi-js.d.ts" />
// The fonts of the PDFs drawn here (invoices, approval certificates): the standard Helvetica while every letter is one
// it has; else Noto fonts, embedded (only the glyphs used), chosen per run of text along a chain: Noto Sans (Latin,
// Greek, Cyrillic), Noto Sans Arabic, Noto Sans Hebrew, Noto Sans JP (Chinese and Japanese characters, kana), Noto
// Emoji (drawn in outline). A letter none of them has prints as a visible □, never as a wrong one. Text with
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
      Arabic: require.resolve("@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf"),
      "Arabic-Bold": require.resolve("@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf"),
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

/**
 * One line in visual order (left to right as drawn), with its brackets mirrored; each run of a right-to-left font is
 * then turned back, since fontkit turns it once more as it shapes it. Answers the runs and whether the line reads
 * right to left (its first strong letter is).
 */
function visualRuns(line: string, base: string): { runs: TextRun[]; rightToLeft: boolean } {
  const levels = bidi.getEmbeddingLevels(line, "auto");
  const chars = line.split("");
  for (const [index, mirror] of bidi.getMirroredCharactersMap(line, levels.levels)) chars[index] = mirror;
  for (const [start, end] of bidi.getReorderSegments(line, levels)) {
    const turned = chars.slice(start, end + 1).reverse();
    chars.splice(start, turned.length, ...turned);
  }
  // A pair of UTF-16 halves turned with its line is put back in order.
  const visual = chars.join("").replace(/([\udc00-\udfff])([\ud800-\udbff])/g, "$2$1");
  const runs = textRuns(visual, base).map((run) =>
    RIGHT_TO_LEFT_FONTS.has(run.font) ? { ...run, text: [...run.text].reverse().join("") } : run,
  );
  return { runs, rightToLeft: (levels.paragraphs[0]?.level ?? 0) % 2 === 1 };
}

/** The width of `text` as the chain prints it, in the document's current size. */
function widthOf(doc: PDFKit.PDFDocument, text: string, base: string): number {
  return textRuns(text, base).reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text), 0);
}

/** `text` cut into lines of at most `width`, at spaces, in its logical order (a word longer than a line keeps its own). */
function wrapped(doc: PDFKit.PDFDocument, text: string, base: string, width: number | undefined): string[] {
  return text.split("\n").flatMap((paragraph) => {
    if (width === undefined) return [paragraph];
    const lines: string[] = [];
    let line = "";
    for (const word of paragraph.split(/(?<=\s)/u)) {
      if (line !== "" && widthOf(doc, (line + word).trimEnd(), base) > width) {
        lines.push(line.trimEnd());
        line = word;
      } else line += word;
    }
    lines.push(line.trimEnd());
    return lines;
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
    for (const line of wrapped(doc, text, font, options.width)) {
      const { runs, rightToLeft } = visualRuns(line, font);
      // pdfkit aligns each run of a line on its own; a right-to-left line is moved right by what it leaves free.
      const free = options.width !== undefined && (rightToLeft || options.align === "right") ? options.width - widthOf(doc, line, font) : 0;
      // Features given, pdfkit lays out each run whole, not word by word: fontkit turns a right-to-left run as one,
      // words and spaces in their places. Without glyph composition (ccmp), Noto Sans Arabic draws each letter as one
      // glyph, not a base and dots apart, so the PDF's text reads back letter for letter.
      const features = { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];
      write(runs, left + Math.max(0, free), top, { ...options, align: "left", width: undefined, lineBreak: false, features });
      // Drawn without pdfkit's line breaking, which would move down: the next line goes a line lower.
      doc.font(font);
      top += doc.currentLineHeight(true) + (options.lineGap ?? 0);
    }
    doc.x = left;
    doc.y = top;
  };
}
