// The builds a benchmark drives, checked before it starts anything: a missing one is a clear message, not a hang.
import { existsSync } from "node:fs";
import { join } from "node:path";

const WEB_DIR = new URL("..", import.meta.url).pathname;

/** Throws unless the web app is built, and the upload server too when `uploads` is asked for. */
export function requireBuilds({ uploads }: { uploads: boolean }): void {
  const builds = [
    join(WEB_DIR, "dist/serve.js"),
    join(WEB_DIR, ".next"),
    ...(uploads ? [join(WEB_DIR, "../upload-server/dist/main.js")] : []),
  ];
  for (const built of builds) {
    if (!existsSync(built)) throw new Error(`${built} is missing: build first (npx turbo run build)`);
  }
}
