// The root package.json's `engines.node` is what Atelier supports: the tests run on its lowest Node 20 line (the
// machine's) and on the pinned Node 24 (tooling/scripts/node24.ts), and every Node it admits satisfies the
// `engines.node` of every package npm installs here, as package-lock.json records them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { NODE24_VERSION } from "./node24";
import { ROOT } from "./run";

interface LockEntry {
  version?: string;
  link?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  // Some old packages still write an array here; npm ignores it, and so does this check.
  engines?: Record<string, string> | string[];
}

interface Platform {
  os: string;
  cpu: string;
  libc: string | undefined;
}

const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), "utf8"));
const SUPPORTED: string = readJson("package.json").engines.node;
const LOCK: Record<string, LockEntry> = readJson("package-lock.json").packages;

function currentPlatform(): Platform {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  const libc = process.platform !== "linux" ? undefined : header?.glibcVersionRuntime ? "glibc" : "musl";
  return { os: process.platform, cpu: process.arch, libc };
}

// As npm decides whether an optional package for some platform is installed: "!x" excludes x, any other entry
// lists what is allowed.
function allows(list: string[] | undefined, value: string | undefined): boolean {
  if (!list || list.length === 0) return true;
  if (value === undefined) return true;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((entry) => !entry.startsWith("!"));
  return allowed.length === 0 || allowed.includes(value);
}

/** Each installed package whose `engines.node` refuses some Node that `supported` admits. */
function engineViolations(lock: Record<string, LockEntry>, supported: string, platform: Platform): string[] {
  return Object.entries(lock).flatMap(([path, entry]) => {
    const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (path === "" || entry.link || wanted === undefined) return [];
    if (!allows(entry.os, platform.os) || !allows(entry.cpu, platform.cpu) || !allows(entry.libc, platform.libc)) return [];
    return semver.subset(supported, wanted) ? [] : [`${path}@${entry.version} wants node ${wanted}`];
  });
}

describe("engines", () => {
  it("admits the Node versions the tests run on, from the lowest Node 20.19", () => {
    expect(semver.minVersion(SUPPORTED)?.version).toBe("20.19.0");
    for (const version of ["20.19.0", "20.20.0", NODE24_VERSION, process.versions.node])
      expect(semver.satisfies(version, SUPPORTED), `${version} in ${SUPPORTED}`).toBe(true);
  });

  it("runs on the Node that the test run asked for", () => {
    // tooling/scripts/test.ts sets it for the run on Node 24, so a PATH that lost it fails here instead of passing on 20.
    expect(process.versions.node).toBe(process.env.ATELIER_TEST_NODE ?? process.versions.node);
  });

  it("admits no Node that an installed package refuses", () => {
    expect(engineViolations(LOCK, SUPPORTED, currentPlatform())).toEqual([]);
  });

  it("finds a package that refuses part of the range, and skips other platforms' packages", () => {
    const lock: Record<string, LockEntry> = {
      "": { engines: { node: "^20.19.0 || ^24.11.0" } },
      "node_modules/p-retry": { version: "8.0.0", engines: { node: ">=22" } },
      "node_modules/nanoid": { version: "5.1.16", engines: { node: "^18 || >=20" } },
      "node_modules/old": { version: "1.0.0", engines: ["node >= 0.4"] },
      "node_modules/@img/sharp-win32-ia32": { version: "0.35.5", os: ["win32"], engines: { node: "^20.9.0" } },
      "node_modules/@img/sharp-linuxmusl-x64": { version: "0.35.5", os: ["linux"], libc: ["musl"], engines: { node: "^20.9.0" } },
      "node_modules/only-20": { version: "1.0.0", os: ["!win32"], engines: { node: "^20.9.0" } },
    };
    const linux = { os: "linux", cpu: "x64", libc: "glibc" };
    expect(engineViolations(lock, "^20.19.0 || ^24.11.0", linux)).toEqual([
      "node_modules/p-retry@8.0.0 wants node >=22",
      "node_modules/only-20@1.0.0 wants node ^20.9.0",
    ]);
  });
});
