// Each page's first load of JavaScript against its budget (docs/performance.md), read from the build: bytes are the
// same for one build, so this is a test; the times are the benchmark's (bench/pages.bench.ts).
import { describe, expect, it } from "vitest";
import { budgetOf, builtPages, firstLoad } from "./page-weight";

const pages = builtPages();
const kb = (bytes: number) => `${Math.round(bytes / 1000)} KB`;

describe("the JavaScript of each page's first load (gzip, from the build)", () => {
  it("finds the pages of the build, the login page among them", () => {
    expect(pages.map((p) => p.route)).toContain("/login");
    expect(pages.length).toBeGreaterThan(15);
  });

  it.each(pages)("$route", ({ route, manifest }) => {
    const { bytes, files } = firstLoad(manifest);
    const budget = budgetOf(route);
    expect(bytes, `${route} loads ${kb(bytes)} in ${files.length} scripts, over its budget of ${kb(budget)}`).toBeLessThanOrEqual(budget);
  });
});
