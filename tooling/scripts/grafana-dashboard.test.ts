// The Grafana dashboard in docs/ asks only for metrics the processes serve: a renamed metric fails here, not on an
// operator's screen.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface Dashboard {
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
}

describe("docs/grafana-dashboard.json", () => {
  it("queries only metrics that some process defines", () => {
    const dashboard = JSON.parse(readFileSync(resolve(REPO_ROOT, "docs/grafana-dashboard.json"), "utf8")) as Dashboard;
    const asked = new Set(
      dashboard.panels.flatMap((p) => p.targets.flatMap((t) => [...t.expr.matchAll(/\b(atelier_[a-z_]+)/g)].map((m) => m[1] as string))),
    );
    // Every metric of ours is made with a literal `name: "atelier_…"` in a source file (git grep: tracked and new files).
    const sources = execFileSync("git", ["grep", "--untracked", "-h", "-o", "-E", 'name: "atelier_[a-z_]+"', "--", "apps", "packages"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    const defined = new Set([...sources.matchAll(/"(atelier_[a-z_]+)"/g)].map((m) => m[1] as string));
    expect(defined.size).toBeGreaterThan(10);
    const unknown = [...asked].filter((name) => !defined.has(name.replace(/_(bucket|count|sum)$/, "")));
    expect(unknown).toEqual([]);
    expect(dashboard.panels.length).toBeGreaterThan(10);
  });
});
