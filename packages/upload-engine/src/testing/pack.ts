// The engine as other apps get it, for the tests that use it so (test/package.test.ts, and the web app's test of
// docs/examples/upload-from-app.mjs): built into a directory of the caller's, packed with npm, installed from the
// tarball into a project outside the workspace. Each caller builds its own copy, so tests running at once do not
// clean each other's build away.
import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
const TSUP = join(PACKAGE_DIR, "../../node_modules/.bin/tsup");

export interface PackedEngine {
  /** The tarball's path. */
  tarball: string;
  /** The files npm put in it, by their path inside the package. */
  files: string[];
  /** The project outside the workspace it is installed into (ESM, with node_modules/@atelier/upload-engine). */
  appDir: string;
}

/** Builds the engine into `scratch`/build, packs it there and installs the tarball into `scratch`/app, offline. */
export async function packEngine(scratch: string): Promise<PackedEngine> {
  const build = join(scratch, "build");
  await run(TSUP, [], { cwd: PACKAGE_DIR, env: { ...process.env, ENGINE_OUT_DIR: build } });
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", scratch], { cwd: build });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (!packed) throw new Error("npm pack answered no package");
  const appDir = join(scratch, "app");
  await mkdir(appDir, { recursive: true });
  await writeFile(join(appDir, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  const tarball = join(scratch, packed.filename);
  await run("npm", ["install", tarball, "--offline", "--no-audit", "--no-fund"], { cwd: appDir });
  return { tarball, files: packed.files.map((file) => file.path), appDir };
}
