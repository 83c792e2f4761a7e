// Run after every other e2e file: the output of every web instance and upload server the run started (harness.ts keeps
// it) holds no secret, token, cookie or sign-in link, and one upload's web request id is in the web's log and in an
// upload server's.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOGS_DIR } from "./harness";

/** What a secret looks like wherever it sits in a line, beside the secrets each process was given. */
const SHAPES: Array<[string, RegExp]> = [
  ["a signed token or ticket", /\bv1\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/],
  ["a token in a URL", /[?&](token|ticket|code)=[A-Za-z0-9%._-]{12,}/i],
  ["a sign-in link", /\/api\/auth\/callback\/[a-z]+\?/],
  ["a session cookie", /(next-auth|authjs)\.session-token=|atelier[-_]guest=/i],
  ["a bearer credential", /Bearer [A-Za-z0-9._~+/-]{12,}/],
  ["an API token", /\batl_[A-Za-z0-9]{16,}/],
];

describe("the run's logs", () => {
  const files = existsSync(LOGS_DIR) ? readdirSync(LOGS_DIR).filter((f) => f.endsWith(".log")) : [];
  const logs = files.map((f) => ({ name: f, text: readFileSync(join(LOGS_DIR, f), "utf8") }));

  it("hold no secret, token, cookie or sign-in link", () => {
    expect(logs.length).toBeGreaterThan(10);
    const secrets = readdirSync(LOGS_DIR)
      .filter((f) => f.endsWith(".secrets.json"))
      .flatMap((f) => JSON.parse(readFileSync(join(LOGS_DIR, f), "utf8")) as string[])
      .filter((s) => s.length >= 12);
    const found: string[] = [];
    for (const { name, text } of logs) {
      for (const line of text.split("\n")) {
        for (const [what, shape] of SHAPES) if (shape.test(line)) found.push(`${name}: ${what}: ${line.slice(0, 300)}`);
        for (const secret of secrets) if (line.includes(secret)) found.push(`${name}: a configured secret: ${line.slice(0, 120)}…`);
      }
    }
    expect(found).toEqual([]);
  });

  it("name one upload's web request in the web's log and in an upload server's", () => {
    const entries = (prefix: string) =>
      logs
        .filter((l) => l.name.startsWith(prefix))
        .flatMap((l) => l.text.split("\n"))
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const web = new Set(entries("web").flatMap((e) => (e.msg === "request" ? [e.reqId] : [])));
    const parts = entries("upload").filter((e) => e.msg === "request" && e.route === "/api/chunked" && typeof e.webRequestId === "string");
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.some((p) => web.has(p.webRequestId))).toBe(true);
  });
});
