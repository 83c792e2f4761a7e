// Node 24 for the second test run: a current LTS beside the machine's Node 20. The only place a Node 22+ binary
// can come from here is the npm registry, whose `node-<platform>-<arch>` packages ship it (the `node` package
// only installs one of them). It is fetched once with `npm pack`, checked against the integrity pinned below,
// and kept outside the repository's dependency tree, under $ATELIER_NODE24_DIR or ~/.cache/atelier-node24.
// `tsx tooling/scripts/node24.ts` prints the binary's path.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The Node 24 LTS (Krypton) release the tests also run on; `engines` in the root package.json admits it. */
export const NODE24_VERSION = "24.22.3";

// `npm view node-<platform>-<arch>@<NODE24_VERSION> dist.integrity`. Another platform's package is taken on npm's
// own check against the registry's metadata, with a note; add its line here to pin it too.
const INTEGRITY: Record<string, string> = {
  "linux-x64": "sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==",
};

function cacheDir(): string {
  return process.env.ATELIER_NODE24_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "atelier-node24");
}

function versionOf(bin: string): string | undefined {
  try {
    return execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

/** The path of the Node 24 binary, fetched into the cache on first use. */
export function node24Bin(): string {
  const platform = `${process.platform}-${process.arch}`;
  const home = join(cacheDir(), `${NODE24_VERSION}-${platform}`);
  const bin = join(home, "bin", "node");
  if (existsSync(bin) && versionOf(bin) === `v${NODE24_VERSION}`) return bin;

  const spec = `node-${platform}@${NODE24_VERSION}`;
  mkdirSync(cacheDir(), { recursive: true });
  const work = mkdtempSync(join(cacheDir(), ".fetch-"));
  try {
    console.error(`Fetching Node ${NODE24_VERSION} (${spec}, ~50 MB) into ${cacheDir()}`);
    // npm pack checks the tarball against the registry's integrity as it downloads; the pinned one is checked below.
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", spec, "--json", "--pack-destination", work], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
        maxBuffer: 64 * 1024 * 1024,
      }),
    ) as { filename: string; integrity: string }[];
    if (!packed) throw new Error(`npm pack ${spec} printed no package`);
    const tarball = join(work, packed.filename);
    const actual = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    const pinned = INTEGRITY[platform];
    if (pinned === undefined) console.error(`No integrity pinned for ${spec}; npm's check against the registry stands.`);
    else if (actual !== pinned) throw new Error(`${spec}: integrity ${actual} is not the pinned ${pinned}`);
    // Only the binary and its licence: the headers for native add-ons are most of the package's 190 MB.
    execFileSync("tar", ["-xzf", tarball, "-C", work, "package/bin/node", "package/LICENSE"]);
    if (versionOf(join(work, "package", "bin", "node")) !== `v${NODE24_VERSION}`)
      throw new Error(`${spec}: its bin/node does not report v${NODE24_VERSION}`);
    rmSync(home, { recursive: true, force: true });
    try {
      renameSync(join(work, "package"), home);
    } catch (error) {
      // Another run fetched it at the same time and got there first.
      if (versionOf(bin) !== `v${NODE24_VERSION}`) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(node24Bin());
