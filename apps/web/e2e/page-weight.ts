// What each page's first load fetches in JavaScript, read from the build (deterministic, no browser), and the budget
// it is held to (docs/performance.md). The scripts are the browser's runtime chunks (React, Next.js; the legacy
// polyfills, fetched by old browsers only, are left out) and the client chunks of the page and of every layout and
// boundary around it, each counted once, at its gzip size: what a compressing server sends.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The most compressed JavaScript a page's first load may fetch. */
const PAGE_JS_BUDGET_BYTES = 250_000;
/** The login page's, far less: a person's first sight of the studio, often on a phone on the go. */
const LOGIN_JS_BUDGET_BYTES = 200_000;

const NEXT_DIR = new URL("../.next/", import.meta.url).pathname;

/** The budget of a route ("/login", "/projects/[id]"). */
export const budgetOf = (route: string) => (route === "/login" ? LOGIN_JS_BUDGET_BYTES : PAGE_JS_BUDGET_BYTES);

/** Every page of the build, by route, with the manifest naming its client chunks. */
export function builtPages(): { route: string; manifest: string }[] {
  const routes: Record<string, string> = JSON.parse(readFileSync(join(NEXT_DIR, "app-path-routes-manifest.json"), "utf8"));
  return Object.entries(routes)
    .filter(([entry]) => entry.endsWith("/page") && !entry.startsWith("/_"))
    .map(([entry, route]) => ({ route, manifest: join(NEXT_DIR, "server/app", `${entry}_client-reference-manifest.js`) }))
    .filter(({ manifest }) => existsSync(manifest));
}

const gzipped = new Map<string, number>();
function gzipBytes(file: string): number {
  let bytes = gzipped.get(file);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(join(NEXT_DIR, file))).length;
    gzipped.set(file, bytes);
  }
  return bytes;
}

let runtime: string[] | undefined;
/** The browser's runtime chunks, which every page fetches (read once from the build). */
function runtimeFiles(): string[] {
  runtime ??= (JSON.parse(readFileSync(join(NEXT_DIR, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] }).rootMainFiles;
  return runtime;
}

/** The scripts of a page's first load and their gzip bytes together. */
export function firstLoad(manifest: string): { files: string[]; bytes: number } {
  const text = readFileSync(manifest, "utf8");
  const entries = text.slice(text.indexOf('"entryJSFiles"'));
  const files = new Set(runtimeFiles());
  for (const match of entries.matchAll(/"\[project\][^"]*":(\[[^\]]*\])/g)) {
    for (const file of JSON.parse(match[1]!) as string[]) files.add(file);
  }
  const list = [...files];
  return { files: list, bytes: list.reduce((sum, file) => sum + gzipBytes(file), 0) };
}
