// No source file sends its reader to a document that is not in the repository.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { citationsIn, missingCitations } from "./doc-citations";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
// The samples name documents that do not exist; spelled in two pieces, this file itself cites none of them.
const MD = ".md";

describe("citationsIn", () => {
  it("finds documents named in comments, strings, test names and JSX, and not in code", () => {
    const text = [
      "// The wire is in docs/upload-protocol.md.",
      "/** As the SPEC's bell does. */",
      `const size = AVATAR_SIZES${MD};`,
      `it("holds the limits of docs/limits${MD}", () => {});`,
      "const link = `see ../README.md`;",
      `const url = 'https://example.com/docs/elsewhere${MD}';`,
      `export const Note = () => <p>{/* after ARCHITECTURE.md */}Don't read NOTES${MD}</p>;`,
    ].join("\n");
    const found = citationsIn("packages/x/src/a.tsx", text).map(({ line, document }) => [line, document]);
    expect(found).toEqual([
      [1, "docs/upload-protocol.md"],
      [2, "SPEC"],
      [4, `docs/limits${MD}`],
      [5, "../README.md"],
      [7, "ARCHITECTURE.md"],
      [7, `NOTES${MD}`],
    ]);
  });

  it("reads the comments of JSON with comments", () => {
    const text = `{\n  // As STYLE${MD} draws them.\n  "files": ["README.md"]\n}\n`;
    expect(citationsIn("biome.jsonc", text).map((c) => c.document)).toEqual([`STYLE${MD}`, "README.md"]);
  });
  it("reads a document whole", () => {
    const text = `# Engine\n\nThe wire is in [the protocol](../../docs/upload-protocol${MD}), not the SPEC.\n`;
    expect(citationsIn(`packages/engine/README${MD}`, text).map((c) => c.document)).toEqual([`../../docs/upload-protocol${MD}`, "SPEC"]);
  });
});

describe("missingCitations", () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  it("finds what a repository lacks, from its root, the file's folder or its workspace", async () => {
    root = mkdtempSync(join(tmpdir(), "doc-citations-"));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root!, path)), { recursive: true });
      writeFileSync(join(root!, path), text);
    };
    write("docs/notifications.md", "# Notifications\n");
    write("packages/engine/package.json", "{}\n");
    write(`packages/engine/README${MD}`, "# Engine\n");
    write(
      "packages/engine/src/a.ts",
      [
        "// docs/notifications.md and README.md are here;",
        "// docs/product.md, ARCHITECTURE.md and the SPEC are not.",
        `copy("README.md", "dist/README${MD}");`,
      ].join("\n"),
    );
    execFileSync("git", ["init", "-q"], { cwd: root });
    const missing = (await missingCitations(root)).map(({ file, line, document }) => `${file}:${line} ${document}`);
    expect(missing).toEqual([
      "packages/engine/src/a.ts:2 docs/product.md",
      "packages/engine/src/a.ts:2 ARCHITECTURE.md",
      "packages/engine/src/a.ts:2 SPEC",
    ]);
  });

  it("finds none in this repository", async () => {
    expect(await missingCitations(REPO_ROOT)).toEqual([]);
  }, 60_000);
});
