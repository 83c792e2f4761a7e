// Guards the engine's purity: no I/O, clock, randomness, and no dependency but the pure @atelier/domain
// and two plain-JavaScript promise helpers, p-limit (concurrency) and p-retry (attempts).

import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The engine runs in browsers and other apps, so I/O, time and randomness must come in by injection.
const root = dirname(fileURLToPath(import.meta.url));
const FORBIDDEN: [string, RegExp][] = [
  ["a node: import", /from\s+['"]node:/],
  ["process", /\bprocess\./],
  ["Date.now", /\bDate\.now\b/],
  ["new Date", /\bnew Date\b/],
  ["Math.random", /\bMath\.random\b/],
  ["crypto", /\bcrypto\b/],
  ["global fetch", /(?<![.\w])fetch\s*\(|globalThis\.fetch/],
  ["a dependency import", /from\s+['"](?!\.|@atelier\/domain['"]|p-limit['"]|p-retry['"])/],
];

async function engineFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "testing" ? [] : engineFiles(path);
      return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && entry.name !== "node.ts" ? [path] : [];
    }),
  );
  return nested.flat();
}

describe("purity", () => {
  it("keeps the engine free of I/O, clocks, randomness and dependencies", async () => {
    const offences: string[] = [];
    const files = await engineFiles(root);
    expect(files.length).toBeGreaterThan(20);
    for (const path of files) {
      const code = (await readFile(path, "utf8")).replace(/\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
      for (const [name, pattern] of FORBIDDEN) if (pattern.test(code)) offences.push(`${relative(root, path)}: ${name}`);
    }
    expect(offences).toEqual([]);
  });

  it("takes only plain JavaScript from p-limit and p-retry, and from what they import", async () => {
    // Each library file must import no Node module and touch no process: the engine runs in browsers and workers.
    const seen = new Map<string, string[]>();
    const visit = async (specifier: string, from: string): Promise<void> => {
      const path = createRequire(from).resolve(specifier);
      if (seen.has(path)) return;
      const code = await readFile(path, "utf8");
      const offences = [/from\s+['"]node:/, /\brequire\s*\(/, /\bprocess\./].filter((pattern) => pattern.test(code));
      seen.set(path, offences.map(String));
      for (const [, imported] of code.matchAll(/(?:from|import)\s+['"]([^'".][^'"]*)['"]/g)) await visit(imported!, path);
    };
    for (const library of ["p-limit", "p-retry"]) await visit(library, join(root, "index.ts"));
    expect([...seen.keys()].map((path) => path.split("node_modules/").at(-1))).toEqual([
      "p-limit/index.js",
      "yocto-queue/index.js",
      "p-retry/index.js",
      "is-network-error/index.js",
    ]);
    expect([...seen.values()].flat()).toEqual([]);
  });
});
