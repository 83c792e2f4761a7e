// SIGTERM to an upload server (README, "Monitoring"; a deploy or `npm start` stopping it): a part it is receiving is
// received, stored and answered; a new connection is refused; the process then exits on its own.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { issueUploadTicket } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildServer, startChildServer } from "./support/child-server";
import { patternBytes, TEST_SECRET } from "./support/cluster";

describe("an upload server stopped with SIGTERM", () => {
  let root: string;
  let server: ChildServer;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "atelier-graceful-"));
    server = await startChildServer("src/main.ts", ["--role", "server", "--port", "0", "--store", root]);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it("finishes the part it is receiving, refuses new connections, and exits", async () => {
    const data = patternBytes(2 * 1024 * 1024, 5);
    const body = Buffer.from(data.toString("base64"));
    const ticket = issueUploadTicket({ userId: "alice" }, TEST_SECRET, Date.now()).ticket;
    const { port } = new URL(server.url);
    let answered = "";
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/chunked",
          headers: {
            authorization: `Bearer ${ticket}`,
            urlPath: "ACME/graceful/poster.bin",
            part: "1",
            parts: "1",
            "content-type": "application/octet-stream",
            "content-length": body.length,
          },
        },
        (res) => {
          res.on("data", (c: Buffer) => (answered += c.toString()));
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      // Half the part, then the stop, then the rest.
      req.write(body.subarray(0, body.length / 2));
      setTimeout(() => {
        server.process.kill("SIGTERM");
        setTimeout(async () => {
          // Stopping: no new connection is taken while the part in flight goes on.
          const refused = await fetch(`${server.url}/healthz`).then(
            () => "answered",
            () => "refused",
          );
          expect(refused).toBe("refused");
          req.end(body.subarray(body.length / 2));
        }, 300);
      }, 200);
    });
    expect(await answer).toBe(200);
    const sha256 = createHash("sha256").update(data).digest("hex");
    expect(JSON.parse(answered)).toMatchObject({ sha256 });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const stored = await readFile(join(root, "objects/files/ACME/graceful/poster.bin"));
    expect(createHash("sha256").update(stored).digest("hex")).toBe(sha256);
  });
});
