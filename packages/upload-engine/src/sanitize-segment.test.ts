// Path segment sanitising: accents, quotes, separators and hostile names.
import { describe, expect, it } from "vitest";
import { sanitizeSegment } from "./sanitize-segment";

describe("sanitizeSegment", () => {
  it.each([
    ["Café Crème", "Cafe_Creme"],
    ["São Paulo — Ação", "Sao_Paulo_Acao"],
    ["Straße Œuvre Ærø", "Strasse_OEuvre_AEro"],
    ['L\'Oréal "Brand"', "LOreal_Brand"],
    ["Don’t “quote”", "Dont_quote"],
    ["a/b\\c", "a-b-c"],
    ["../../etc/passwd", "-..-etc-passwd"],
    ["name\u0000with nul", "name_with_nul"],
    ["  spaced   out  ", "spaced_out"],
    ["report (final) v2.pdf", "report_final_v2.pdf"],
    [".htaccess", "htaccess"],
    ["ﬁle１", "file1"],
    ["plain-Name_1.2", "plain-Name_1.2"],
  ])("%j -> %j", (input, expected) => {
    expect(sanitizeSegment(input)).toBe(expected);
  });

  it.each(["", ".", "..", "...", "   ", "'\"", "日本語", "___"])("never returns an empty or dot-only segment for %j", (input) => {
    const result = sanitizeSegment(input);
    expect(result).not.toBe("");
    expect(result).not.toMatch(/^\.+$/);
    expect(result).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  it("keeps every result inside the safe alphabet", () => {
    const samples = ["ÀÉÎÕÜ ñ ç", "tab\there", "new\nline", "emoji 🎨 file", "C:\\Users\\x", "%2e%2e", "<script>"];
    for (const sample of samples) expect(sanitizeSegment(sample)).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  it("truncates long names to 200 characters, keeping the extension", () => {
    const result = sanitizeSegment(`${"a".repeat(300)}.jpeg`);
    expect(result).toHaveLength(200);
    expect(result.endsWith(".jpeg")).toBe(true);
  });
});
