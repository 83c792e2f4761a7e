// A request's route for the metrics (README, "Monitoring"): the page or route handler it reaches, as its pattern
// (`/projects/[id]`), read from the build's routes manifest; never the raw path, whose IDs would make a series each.
import { readFileSync } from "node:fs";

interface RoutesManifest {
  staticRoutes: Array<{ page: string }>;
  dynamicRoutes: Array<{ page: string; regex: string }>;
}

/** Answers the label of a path (without its query); "other" for anything the build does not route. */
export function routeLabeller(manifest: RoutesManifest): (path: string) => string {
  const statics = new Set(manifest.staticRoutes.map((r) => r.page));
  const dynamics = manifest.dynamicRoutes.map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  return (path) => {
    if (path.startsWith("/_next/")) return path.startsWith("/_next/static/") ? "/_next/static" : "/_next";
    const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
    if (statics.has(trimmed)) return trimmed;
    return dynamics.find((r) => r.regex.test(path))?.page ?? "other";
  };
}

/** The labeller of the build in `dir` (apps/web's .next); every path is "other" when it cannot be read. */
export function buildRouteLabeller(dir: string): (path: string) => string {
  try {
    return routeLabeller(JSON.parse(readFileSync(`${dir}/routes-manifest.json`, "utf8")) as RoutesManifest);
  } catch {
    return () => "other";
  }
}
