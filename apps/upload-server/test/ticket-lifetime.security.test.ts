// Tickets and download links are checked on every request that touches data, so a short-lived one stops
// working when it expires: revoking someone's access takes no longer than a ticket's life. A long upload
// lives through many tickets when its client renews them.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore, createSignedDownloadToken, issueUploadTicket } from "@atelier/storage";
import { CHUNK_SIZE, createUploader, type FetchLike, fromBytes, PartFailedError } from "@atelier/upload-engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, download, patternBytes, sha256Hex, startCluster, TEST_SECRET } from "./support/cluster";

const FOLDER = "ACME/Expiry/2026-11-22-Expiry/MATERIALS";
const USER = "short-lived";

let sandbox: string;
let cluster: Cluster;

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "upload-expiry-"));
  cluster = await startCluster({ store: createFsStore({ root: join(sandbox, "store") }), servers: 2 });
});

afterAll(async () => {
  await cluster.close();
  await rm(sandbox, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shortTicket = (ttlMs: number, pathPrefix = FOLDER) => issueUploadTicket({ userId: USER, pathPrefix }, TEST_SECRET, Date.now(), ttlMs);
const server = () => cluster.serverUrls[0]!;

async function untilExpired(expiresAt: number): Promise<void> {
  // A little past it: the servers compare their own clock, which is this one.
  await sleep(Math.max(0, expiresAt - Date.now()) + 50);
}

function sendPart(ticket: string, body: Buffer, part: { urlPath: string; part: number; parts: number; groupId?: string }) {
  return fetch(`${server()}/api/chunked`, {
    method: "POST",
    body: body.toString("base64"),
    headers: {
      authorization: `Bearer ${ticket}`,
      "content-type": "application/octet-stream; charset=utf-8",
      urlPath: part.urlPath,
      part: String(part.part),
      parts: String(part.parts),
      ...(part.groupId ? { egnyte_id: part.groupId } : {}),
    },
  });
}

async function openedGroup(ticket: string, urlPath: string, parts: number, body: Buffer): Promise<string> {
  const answer = await sendPart(ticket, body, { urlPath, part: 1, parts });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

const listing = (ticket: string, groupId: string) =>
  fetch(`${server()}/api/chunked/${groupId}`, { headers: { authorization: `Bearer ${ticket}` } });

async function expectExpired(answer: Response): Promise<void> {
  expect(answer.status).toBe(401);
  expect(((await answer.json()) as { message: string }).message).toBe("Token expired");
}

describe("a ticket issued for 5 s", () => {
  it("is refused once expired for a part, for the part that would complete its file, for a listing and for a file read", async () => {
    const piece = patternBytes(4096, 3);
    const ticket = shortTicket(5000);
    const middle = await openedGroup(ticket.ticket, `${FOLDER}/three-parts.bin`, 3, piece);
    const finishing = await openedGroup(ticket.ticket, `${FOLDER}/two-parts.bin`, 2, piece);
    const whole = await fetch(`${server()}/api/upload`, {
      method: "POST",
      body: piece.toString("base64"),
      headers: { authorization: `Bearer ${ticket.ticket}`, urlPath: `${FOLDER}/whole.bin` },
    });
    expect(whole.status).toBe(200);
    const stored = ((await whole.json()) as { url: string }).url;
    // While it is valid the same ticket lists and reads.
    expect((await listing(ticket.ticket, middle)).status).toBe(200);
    expect((await download(stored, ticket.ticket)).status).toBe(200);

    await untilExpired(ticket.expiresAt);
    await expectExpired(await sendPart(ticket.ticket, piece, { urlPath: `${FOLDER}/three-parts.bin`, part: 2, parts: 3, groupId: middle }));
    await expectExpired(
      await sendPart(ticket.ticket, piece, { urlPath: `${FOLDER}/two-parts.bin`, part: 2, parts: 2, groupId: finishing }),
    );
    await expectExpired(await listing(ticket.ticket, middle));
    await expectExpired(await listing(ticket.ticket, finishing));
    await expectExpired(await fetch(stored, { headers: { authorization: `Bearer ${ticket.ticket}` } }));
    expect((await fetch(stored, { method: "HEAD", headers: { authorization: `Bearer ${ticket.ticket}` } })).status).toBe(401);
    await expectExpired(
      await fetch(`${server()}/api/upload`, {
        method: "POST",
        body: piece.toString("base64"),
        headers: { authorization: `Bearer ${ticket.ticket}`, urlPath: `${FOLDER}/late.bin` },
      }),
    );

    // Nothing of the refused parts was kept: a fresh ticket finds the groups as they were, and completes one.
    const fresh = shortTicket(60_000).ticket;
    expect(await (await listing(fresh, middle)).json()).toMatchObject({ received: [1] });
    expect(await (await listing(fresh, finishing)).json()).toMatchObject({ received: [1] });
    const completed = await sendPart(fresh, piece, { urlPath: `${FOLDER}/two-parts.bin`, part: 2, parts: 2, groupId: finishing });
    expect(completed.status).toBe(200);
    expect(await completed.json()).toMatchObject({ sha256: sha256Hex(Buffer.concat([piece, piece])) });
  });

  it("lists none of its holder's groups in a folder it does not cover", async () => {
    const groupId = await openedGroup(shortTicket(60_000).ticket, `${FOLDER}/elsewhere.bin`, 2, patternBytes(1024, 5));
    const otherFolder = shortTicket(60_000, "GLOBEX/Brand/BRAND").ticket;
    expect((await listing(otherFolder, groupId)).status).toBe(404);
    expect((await listing(shortTicket(60_000).ticket, groupId)).status).toBe(200);
  });
});

describe("a download link issued for 5 s", () => {
  it("reads the file until it expires, then is refused", async () => {
    const data = patternBytes(2048, 9);
    const answer = await fetch(`${server()}/api/upload`, {
      method: "POST",
      body: data.toString("base64"),
      headers: { authorization: `Bearer ${shortTicket(60_000).ticket}`, urlPath: `${FOLDER}/linked.bin` },
    });
    const url = ((await answer.json()) as { url: string }).url;
    const link = createSignedDownloadToken({ path: `${FOLDER}/linked.bin`, userId: USER }, TEST_SECRET, Date.now(), 5000);
    const linked = `${url}?token=${encodeURIComponent(link.token)}`;
    const before = await fetch(linked);
    expect(before.status).toBe(200);
    expect(sha256Hex(Buffer.from(await before.arrayBuffer()))).toBe(sha256Hex(data));
    await untilExpired(link.expiresAt);
    await expectExpired(await fetch(linked));
  });
});

describe("an upload longer than one ticket's life", () => {
  const TICKET_LIFE_MS = 2000;
  // Each part's answer is held this long: three parts in a row outlast a ticket.
  const HOLD_MS = 1100;
  const data = patternBytes(2 * CHUNK_SIZE + 1, 17);

  const slowParts: FetchLike = async (url, init) => {
    const answer = await (globalThis.fetch as unknown as FetchLike)(url, init);
    if (url.endsWith("/api/chunked")) await sleep(HOLD_MS);
    return answer;
  };

  const upload = (name: string, headers: () => Record<string, string>) =>
    createUploader({ balancerUrl: cluster.balancerUrl, fetch: slowParts, headers }).upload([
      { source: fromBytes(data, { name, type: "application/octet-stream" }), urlPath: `${FOLDER}/${name}` },
    ]);

  it("completes byte-exact when each request takes a ticket renewed before it expires", async () => {
    let held = shortTicket(TICKET_LIFE_MS);
    let issued = 1;
    const renewing = () => {
      // Renewed when less than half its life is left, as the browser's ticket keeper does.
      if (held.expiresAt - Date.now() < TICKET_LIFE_MS / 2) {
        held = shortTicket(TICKET_LIFE_MS);
        issued += 1;
      }
      return { authorization: `Bearer ${held.ticket}` };
    };
    const [outcome] = await upload("renewed.bin", renewing);
    expect(outcome?.ok ? outcome.sha256 : outcome?.error).toBe(sha256Hex(data));
    expect(issued).toBeGreaterThan(1);
    const got = await download((outcome as { url: string }).url, shortTicket(60_000).ticket);
    expect(got.status).toBe(200);
    expect(sha256Hex(got.body)).toBe(sha256Hex(data));
  });

  it("fails with 401 once its one ticket expires, keeping the parts sent before for a resume", async () => {
    const ticket = shortTicket(TICKET_LIFE_MS).ticket;
    const [outcome] = await upload("static.bin", () => ({ authorization: `Bearer ${ticket}` }));
    expect(outcome?.ok).toBe(false);
    if (outcome?.ok !== false) return;
    expect(outcome.error).toBeInstanceOf(PartFailedError);
    expect((outcome.error as PartFailedError).status).toBe(401);
    expect((outcome.error as PartFailedError).acknowledgedParts).toContain(1);
  });
});
