// Guards the engine's purity: no I/O, clock, randomness, and no dependency but the pure @atelier/domain.
import { readdir, readFile } from "node:fs/promises";
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
  ["a dependency import", /from\s+['"](?!\.|@atelier\/domain['"])/],
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
});
