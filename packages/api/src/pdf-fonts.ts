// The fonts of the PDFs drawn here (invoices, approval certificates): the standard Helvetica while every letter is one
// it has, else Noto Sans JP, embedded (only the glyphs used).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

export const UNICODE_REGULAR = "Unicode";
export const UNICODE_BOLD = "Unicode-Bold";
/** What Helvetica prints: Latin-1 and the letters Windows-1252 adds (its WinAnsi encoding). */
export const STANDARD_FONT_TEXT = /^[\n\r\t\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
let fonts: Record<string, Buffer> | undefined;

/**
 * The font files, read once. Resolved from the working directory at run time, not from this module's URL: the web
 * app bundles this package, and the font package stays in node_modules.
 */
export function fontBytes(): Record<string, Buffer> {
  if (!fonts) {
    const require = createRequire(join(process.cwd(), "noop.js"));
    fonts = {
      [UNICODE_REGULAR]: readFileSync(require.resolve("@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf")),
      [UNICODE_BOLD]: readFileSync(require.resolve("@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf")),
    };
  }
  return fonts;
}
