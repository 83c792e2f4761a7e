// The engine as a package other internal apps install: ESM with declarations and source maps,
// @atelier/domain bundled in, and a package.json of its own in dist/ whose exports point at the
// built files. p-limit and p-retry (plain JavaScript, a few kB with what they import) are bundled in as well, so
// the package installs with no dependencies. The workspace's package.json keeps pointing at the sources, so nothing inside the
// workspace needs a build; `npm pack dist` makes the tarball for everyone else.
import { copyFile, readFile, writeFile } from "node:fs/promises";
import { defineConfig } from "tsup";

const ENTRIES = { index: "src/index.ts", node: "src/node.ts" };
// dist/ unless a test packs the engine into a directory of its own (src/testing/pack.ts): two packings at once never
// clean each other's files away.
const OUT_DIR = process.env.ENGINE_OUT_DIR ?? "dist";

async function writeManifest(): Promise<void> {
  const workspace = JSON.parse(await readFile("package.json", "utf8")) as { name: string; version: string };
  const entry = (name: string) => ({ types: `./${name}.d.ts`, import: `./${name}.js`, default: `./${name}.js` });
  const manifest = {
    name: workspace.name,
    version: workspace.version,
    description: "Plans and drives uploads to the Atelier file-hosting backend, in the browser and in Node.",
    type: "module",
    sideEffects: false,
    exports: { ".": entry("index"), "./node": entry("node"), "./package.json": "./package.json" },
    types: "./index.d.ts",
    engines: { node: ">=20" },
  };
  await writeFile(`${OUT_DIR}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  await copyFile("README.md", `${OUT_DIR}/${"README"}.md`);
}

export default defineConfig({
  entry: ENTRIES,
  outDir: OUT_DIR,
  format: ["esm"],
  dts: { resolve: ["@atelier/domain"] },
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
  // Bundled, so the package has no dependency that lives only in this workspace, and none to install.
  noExternal: ["@atelier/domain", "p-limit", "p-retry"],
  external: [/^node:/],
  removeNodeProtocol: false,
  onSuccess: writeManifest,
});
