// Validates e-invoice XML against the official EN 16931 rules (./einvoice): the Schematron, compiled to XSLT, is
// compiled once more by xslt3 into SaxonJS's form (about 10 s a syntax, kept under node_modules/.cache by the
// XSLT's hash), then run on each document. Answers every failed assertion with its rule, flag and text.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "saxon-js";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const STYLESHEETS = { cii: "EN16931-CII-validation.xslt", ubl: "EN16931-UBL-validation.xslt" } as const;

export interface FailedAssert {
  id: string;
  flag: string;
  text: string;
}

function compiled(syntax: keyof typeof STYLESHEETS): string {
  const source = join(here, "einvoice", STYLESHEETS[syntax]);
  const hash = createHash("sha256").update(readFileSync(source)).digest("hex").slice(0, 16);
  const cache = join(here, "../../../../node_modules/.cache/atelier-einvoice");
  const sef = join(cache, `${syntax}-${hash}.sef.json`);
  if (existsSync(sef)) return sef;
  mkdirSync(cache, { recursive: true });
  // Written aside and renamed, so two test files compiling at once never read half a file.
  const partial = `${sef}.${process.pid}.tmp`;
  const xslt3 = join(dirname(require.resolve("xslt3/package.json")), "xslt3.js");
  execFileSync(process.execPath, [xslt3, `-xsl:${source}`, `-export:${partial}`, "-nogo"], { stdio: "pipe" });
  renameSync(partial, sef);
  return sef;
}

/** The rules `xml` breaks, as the SVRL report of the official validation names them. */
export function failedAsserts(xml: string, syntax: "cii" | "ubl"): FailedAssert[] {
  const report = transform({ stylesheetFileName: compiled(syntax), sourceText: xml, destination: "serialized" }, "sync").principalResult;
  const failed: FailedAssert[] = [];
  for (const match of report.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attributes = match[1] ?? "";
    failed.push({
      id: attributes.match(/\bid="([^"]*)"/)?.[1] ?? "",
      flag: attributes.match(/\bflag="([^"]*)"/)?.[1] ?? "",
      text: (match[2] ?? "")
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    });
  }
  return failed;
}
