// docs/examples/api-client.mjs, the script docs/api.md shows, run as another app would run it: plain Node, over HTTP,
// against the REST handler on real PostgreSQL. It comments once, and a second run posts nothing new.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCaller } from "../root";
import { createRestHandler } from "./handler";

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL("../../../../docs/examples/api-client.mjs", import.meta.url));

let t: TestDatabase;
let server: Server;
let url = "";
const files = { store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-example-")) }), secret: "s".repeat(32), balancerUrl: "" };
const client: SessionUser = { ...DEMO_USERS[2], image: null, emailNotification: true };

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db);
  const handler = createRestHandler({
    db: t.db,
    basePath: "/api/v1",
    createContext: (user) => ({ db: t.db, user, now: () => new Date(), files }),
  });
  // node:http in front of the fetch handler, as Next is in front of it in the app.
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await handler(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.method === "GET" ? undefined : Buffer.concat(chunks),
      }),
    );
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.destroy();
});

it("lists projects, reads a thread and comments once with a client's token", async () => {
  const caller = createCaller({ db: t.db, user: client, now: () => new Date(), files });
  const project = await caller.projects.create({ title: "Menu cards", event: "flyer" });
  const { token } = await caller.tokens.create({ name: "Print shop", scopes: ["projects:read", "comments:write"] });
  const env: NodeJS.ProcessEnv = { NODE_ENV: "test", ATELIER_URL: url, ATELIER_TOKEN: token };
  const first = JSON.parse((await run(process.execPath, [SCRIPT, "Proofs printed"], { env })).stdout) as {
    project: string;
    comment: string;
  };
  expect(first.project).toBe(project.id);
  const again = JSON.parse((await run(process.execPath, [SCRIPT, "Proofs printed"], { env })).stdout) as { comment: string };
  expect(again.comment).toBe(first.comment);
  const posted = await t.db.selectFrom("comments").select(["id", "userId"]).where("body", "=", "Proofs printed").execute();
  expect(posted).toEqual([{ id: first.comment, userId: client.id }]);

  // A token without comments:write: the script stops with the API's problem details.
  const reader = await caller.tokens.create({ name: "Reader", scopes: ["projects:read"] });
  await expect(run(process.execPath, [SCRIPT], { env: { ...env, ATELIER_TOKEN: reader.token } })).rejects.toThrow(/403 INSUFFICIENT_SCOPE/);
});
