// The production topology on loopback: two web instances on one PostgreSQL database, sharing their secrets and
// an SMTP server; a balancer and two upload servers on one S3 store (s3rver). One journey walks across all of it:
// a sign-in link asked for on A signs in on B; a comment posted on A reaches a live stream on B within a second;
// a chunked upload with a ticket from A spreads its parts over both upload servers and is registered on B, its
// preview stored through A and served by B; A is restarted as a deploy does, behind a balancer, while requests keep
// coming, and none is lost; then B is killed and the journey goes on through A.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { createServer } from "node:net";
import { performance } from "node:perf_hooks";
import { SESSION_COOKIE } from "@atelier/auth";
import { findUserByEmail, seedDemo } from "@atelier/db";
import { extractLink } from "@atelier/mail/testing";
import { startS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from "@atelier/storage/testing";
import { assetPath, CHUNK_SIZE, createUploader, type FetchLike, fromBytes, publicObjectUrl } from "@atelier/upload-engine";
import { nodeBase64, nodeSha256 } from "@atelier/upload-engine/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "./fixtures";
import { callTrpc, type RunningApp, type Stack, startStack, step } from "./harness";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** The issue's bound: a comment posted on one instance reaches a stream on the other within a second. */
const LIVE_BOUND_MS = 1_000;
const CLIENT = "client@atelier.local";
const DESIGNER = "designer@atelier.local";

/** Bytes a process has read through read(2) and its kin, sockets included (Linux's /proc/<pid>/io). */
function bytesRead(pid: number): number {
  const line = readFileSync(`/proc/${pid}/io`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("rchar:"));
  if (!line) throw new Error(`no rchar for process ${pid}`);
  return Number(line.slice("rchar:".length).trim());
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

interface LiveEventSeen {
  type: string;
  data: { projectId: string; commentId: string };
  /** performance.now() when its bytes arrived. */
  at: number;
}

/** A reader of /api/events, as the bell's EventSource is: it keeps every event with the moment it arrived. */
interface LiveStream {
  events: LiveEventSeen[];
  waitFor(commentId: string, timeoutMs: number): Promise<LiveEventSeen>;
  /** Resolves when the server ends the stream or the connection breaks. */
  ended: Promise<void>;
  close(): void;
}

async function openLiveStream(appUrl: string, cookie: string): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${appUrl}/api/events`, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  if (!res.body) throw new Error("a live stream without a body");
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events: LiveEventSeen[] = [];
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const w of wakers) w();
  };
  let buffer = "";
  let opened: () => void = () => {};
  const openedPromise = new Promise<void>((r) => {
    opened = r;
  });
  let isEnded = false;
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const type = field("event");
          const data = field("data");
          if (type && data) events.push({ type, data: JSON.parse(data) as LiveEventSeen["data"], at });
        }
        // The server subscribes before its first line (the retry delay) goes out.
        opened();
        wake();
      }
    } catch {
      // Broken off: the server died, or we closed it.
    } finally {
      isEnded = true;
      opened();
      wake();
    }
  })();
  await openedPromise;
  if (isEnded) throw new Error(`the live stream on ${appUrl} ended before it opened`);
  return {
    events,
    ended,
    close: () => controller.abort(),
    waitFor: (commentId, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const seen = events.find((e) => e.type === "comment" && e.data.commentId === commentId);
          if (seen || isEnded) {
            wakers.delete(check);
            clearTimeout(timer);
            if (seen) resolve(seen);
            else reject(new Error(`the live stream on ${appUrl} ended without comment ${commentId}`));
          }
        };
        const timer = setTimeout(() => {
          wakers.delete(check);
          reject(new Error(`comment ${commentId} did not reach the live stream on ${appUrl} within ${timeoutMs} ms`));
        }, timeoutMs);
        wakers.add(check);
        check();
      }),
  };
}

/** A response's status once its body has been read to the end (a request is answered only when all of it came). */
const statusOnceRead = async (res: Response) => {
  await res.arrayBuffer();
  return res.status;
};

interface Answered {
  backend: string;
  /** The HTTP status, or 0 when the request broke off. */
  status: number;
}

/** A reverse proxy in front of the web instances (README, "Deploying"), with the answers it passed on. */
interface WebBalancer {
  url: string;
  answered: Answered[];
  close(): Promise<void>;
}

/** Headers that describe one connection, not the request: a proxy does not pass them on. */
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"];
const endToEnd = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

/**
 * A balancer in front of the web instances as nginx or a cloud one with health checks is: round-robin over the
 * instances whose /readyz answered 200 when last asked (every 100 ms), a new connection per request, and a request
 * refused at connect (never sent) tried on the next instance. The instances here each have their own APP_URL (a
 * deployment gives them all the balancer's), so it names the instance as the request's origin.
 */
async function startWebBalancer(backends: readonly string[]): Promise<WebBalancer> {
  const ready = new Set(backends);
  const answered: Answered[] = [];
  let turn = 0;
  const probe = async (backend: string) => {
    try {
      const res = await fetch(`${backend}/readyz`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.ok) ready.add(backend);
      else ready.delete(backend);
    } catch {
      ready.delete(backend);
    }
  };
  const check = setInterval(() => {
    for (const backend of backends) void probe(backend);
  }, 100);
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<string>();
      const attempt = () => {
        const candidates = backends.filter((b) => ready.has(b) && !tried.has(b));
        const backend = candidates[turn++ % Math.max(candidates.length, 1)];
        if (!backend) {
          answered.push({ backend: "none", status: 502 });
          res.writeHead(502).end();
          return;
        }
        tried.add(backend);
        const target = new URL(req.url ?? "/", backend);
        const headers = { ...endToEnd(req.headers), host: target.host, ...(req.headers.origin ? { origin: backend } : {}) };
        const forward = httpRequest(target, { method: req.method, headers, agent: false }, (answer) => {
          answered.push({ backend, status: answer.statusCode ?? 0 });
          res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
          answer.pipe(res);
        });
        forward.on("error", (error: NodeJS.ErrnoException) => {
          // Refused at connect: nothing was sent, so it may go to another instance; anything else is lost.
          if (error.code === "ECONNREFUSED" && !res.headersSent) attempt();
          else {
            answered.push({ backend, status: 0 });
            res.destroy();
          }
        });
        forward.end(body);
      };
      attempt();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    close: () => {
      clearInterval(check);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const STACK = { database: true, smtp: true, instances: 2 } as const;

describe("the production topology: two web instances, a balancer, two upload servers on S3, PostgreSQL, SMTP", () => {
  let s3: TestS3Server;
  let stack: Stack<typeof STACK & { uploads: object }>;
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    // afterAll stops the S3 server too, also when the stack fails to start.
    s3 = await startS3Server("atelier-topology");
    stack = await startStack(
      { ...STACK, uploads: { store: { s3: { endpoint: s3.endpoint, bucket: s3.bucket, ...TEST_S3_CREDENTIALS } } } },
      {
        seed: ({ t }) => seedDemo(t.db),
        // Everything an instance keeps is shared: the database, the secrets, the mail server and the object store.
        env: {
          MAIL_FROM: "Atelier <no-reply@atelier.test>",
          // A stopping instance serves on for a second while the balancer in front sees it draining.
          SHUTDOWN_NOTICE_S: "1",
          STORAGE_DRIVER: "s3",
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_FORCE_PATH_STYLE: "true",
          S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
        },
      },
    );
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    const urls = stack ? [...stack.apps.map((a) => a.url), stack.uploads.balancerUrl, ...stack.uploads.serverUrls, stack.smtp.url] : [];
    const ports = [...urls, s3?.endpoint].filter((u): u is string => Boolean(u)).map((u) => Number(new URL(u).port));
    const stops = await Promise.allSettled([stack?.stop(), s3?.close()]);
    const failed = stops.filter((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failed.length > 0) throw new Error(`stopping failed: ${failed.map((f) => String(f.reason)).join("; ")}`);
    const held: number[] = [];
    for (const port of ports) if (!(await portIsFree(port))) held.push(port);
    expect(held, "ports still held after every process was stopped").toEqual([]);
  });

  const trpc = (app: RunningApp, cookie: string, path: string, input?: unknown, method: "GET" | "POST" = "POST") =>
    callTrpc(app.url, cookie, path, input, method);

  // One journey: each step goes on from where the one before left the system (a session, a project, a file), and the
  // last kills instance B, after which nothing could run on B again.
  it("walks the topology: sign-in across instances, a live comment, a spread upload, and instance B killed mid-journey", {
    timeout: 480_000,
  }, async () => {
    let [a, b] = stack.apps as [RunningApp, RunningApp];
    const { t, smtp, uploads } = stack;
    const upload = { bytes: new Uint8Array(), name: "poster-print.tif", id: "", url: "" };

    const clientCookie = await step("a sign-in link asked for on instance A signs in on instance B", async () => {
      // next-auth's own form post: the CSRF token and its cookie, then the address.
      const csrf = await fetch(`${a.url}/api/auth/csrf`);
      const csrfCookie = csrf.headers
        .getSetCookie()
        .find((c) => c.startsWith("next-auth.csrf-token="))
        ?.split(";")[0];
      expect(csrfCookie).toBeDefined();
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const asked = await fetch(`${a.url}/api/auth/signin/email`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: a.url, cookie: csrfCookie ?? "" },
        body: new URLSearchParams({ email: CLIENT, csrfToken, callbackUrl: "/", json: "true" }),
      });
      expect(asked.status).toBe(200);
      expect(((await asked.json()) as { url: string }).url).not.toMatch(/error|csrf=true/);

      const link = extractLink((await smtp.waitFor(CLIENT)).raw);
      expect(link?.startsWith(`${a.url}/api/auth/callback/email?`)).toBe(true);
      // The same link, followed on B: A's token, checked against the shared database with the shared secret.
      const onB = new URL(link ?? "");
      onB.port = new URL(b.url).port;
      const followed = await fetch(onB, { redirect: "manual" });
      expect(followed.status).toBe(302);
      expect(followed.headers.get("location") ?? "").not.toMatch(/error/i);
      const session = followed.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
        ?.split(";")[0];
      expect(session).toBeDefined();

      // One session, valid on both instances.
      for (const app of [b, a]) {
        const res = await fetch(`${app.url}/api/auth/session`, { headers: { cookie: session ?? "" } });
        expect(((await res.json()) as { user?: { email?: string } }).user?.email).toBe(CLIENT);
      }
      return session ?? "";
    });

    const { designerCookie, projectId, firstCommentId, streamOnB } = await step(
      "a comment posted on A reaches a live stream opened on B within a second",
      async () => {
        // The studio's side: a designer, whose session is made directly (this step is not about signing in).
        const designer = await findUserByEmail(t.db, DESIGNER);
        if (!designer) throw new Error("no demo designer");
        const token = randomBytes(32).toString("hex");
        await t.db
          .insertInto("sessions")
          .values({ id: randomUUID(), sessionToken: token, userId: designer.id, expires: new Date(Date.now() + 3_600_000) })
          .execute();
        const designerCookie = `${SESSION_COOKIE}=${token}`;

        const projectId = (
          (await trpc(a, clientCookie, "projects.create", { title: "Summer festival poster", event: "print" })) as { id: string }
        ).id;
        const streamOnB = await openLiveStream(b.url, designerCookie);
        streams.push(streamOnB);

        const posting = performance.now();
        const firstCommentId = (
          (await trpc(a, clientCookie, "comments.create", { projectId, body: "Can the logo be larger?" })) as { id: string }
        ).id;
        const posted = performance.now();
        const seen = await streamOnB.waitFor(firstCommentId, 10_000);
        const afterReturn = seen.at - posted;
        console.log(
          `live event from A to B: ${afterReturn.toFixed(1)} ms after the post returned (${(seen.at - posting).toFixed(1)} ms after it was sent)`,
        );
        expect(seen.data.projectId).toBe(projectId);
        expect(afterReturn).toBeLessThan(LIVE_BOUND_MS);
        return { designerCookie, projectId, firstCommentId, streamOnB };
      },
    );

    async function expectDownload(app: RunningApp): Promise<void> {
      const project = (await trpc(app, clientCookie, "projects.byId", { id: projectId }, "GET")) as {
        files: { name: string; sha256: string | null; downloadUrl: string | null }[];
      };
      expect(project.files.map((f) => [f.name, f.sha256])).toEqual([[upload.name, sha256(upload.bytes)]]);
      // The page links to the web app, which checks the reader and redirects to an upload server's short-lived link.
      const href = project.files[0]?.downloadUrl;
      expect(href).toMatch(new RegExp(`^${app.url}/api/files/project/`));
      const redirect = await fetch(href ?? "", { headers: { cookie: clientCookie }, redirect: "manual" });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("location")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
      const res = await fetch(redirect.headers.get("location") ?? "");
      expect(res.status).toBe(200);
      const body = new Uint8Array(await res.arrayBuffer());
      expect(body.length).toBe(upload.bytes.length);
      expect(sha256(body)).toBe(sha256(upload.bytes));
    }

    await step(
      "a chunked upload with a ticket from A spreads its parts over both upload servers, is registered on B with a preview stored through A, and downloads byte-exact",
      async () => {
        const access = (await trpc(a, clientCookie, "uploads.ticket", { projectId, kind: "materials" }, "GET")) as {
          ticket: string;
          balancerUrl: string;
          folder: string;
        };
        expect(access.balancerUrl).toBe(uploads.balancerUrl);

        upload.bytes = randomBytes(25 * 1024 * 1024);
        const parts = Math.ceil(upload.bytes.length / CHUNK_SIZE);
        expect(parts).toBeGreaterThanOrEqual(3);
        const readBefore = uploads.serverPids.map(bytesRead);
        const partsTo: string[] = [];
        const send: FetchLike = (url, init) => {
          if (new URL(url).pathname === "/api/chunked" && init.method === "POST") partsTo.push(new URL(url).origin);
          return fetch(url, init);
        };
        const uploader = createUploader({
          balancerUrl: access.balancerUrl,
          fetch: send,
          sha256: nodeSha256,
          base64: nodeBase64,
          headers: { authorization: `Bearer ${access.ticket}` },
        });
        const [outcome] = await uploader.upload([
          { source: fromBytes(upload.bytes, { name: upload.name, type: "image/tiff" }), urlPath: assetPath(access.folder, upload.name) },
        ]);
        if (!outcome?.ok) throw new Error(`the upload failed: ${outcome ? String(outcome.error) : "no outcome"}`);
        expect(outcome.sha256).toBe(sha256(upload.bytes));
        expect(partsTo).toHaveLength(parts);

        // From the servers' side: each upload server process read at least one whole part (10 MiB, sent as base64) off its sockets.
        const readByServer = uploads.serverPids.map((pid, i) => bytesRead(pid) - (readBefore[i] ?? 0));
        console.log(
          `bytes read by the upload servers during the upload: ${readByServer.map((n) => `${(n / 1024 / 1024).toFixed(1)} MiB`).join(", ")}; parts sent to ${partsTo.join(", ")}`,
        );
        for (const read of readByServer) expect(read).toBeGreaterThanOrEqual(CHUNK_SIZE);
        expect(new Set(partsTo)).toEqual(new Set(uploads.serverUrls));
        upload.id = outcome.id;
        upload.url = outcome.url;

        // Its preview goes to the web app's image storage through A, as the upload dialog puts it, and B serves it:
        // the instances share one object store.
        const preview = makePng(300, 200);
        const previewPath = `${assetPath(access.folder, upload.name)}-${randomUUID()}.png`;
        const { token } = (await trpc(a, clientCookie, "auth.createSignedURL", { bucket: "thumbnails", path: previewPath }, "GET")) as {
          token: string;
        };
        const encodedPath = previewPath.split("/").map(encodeURIComponent).join("/");
        const stored = await fetch(`${a.url}/storage/v1/object/upload/sign/thumbnails/${encodedPath}?token=${encodeURIComponent(token)}`, {
          method: "PUT",
          headers: { "content-type": "image/png", origin: a.url },
          body: new Uint8Array(preview),
        });
        expect(stored.status).toBeLessThan(300);
        const servedByB = await fetch(publicObjectUrl(b.url, "thumbnails", previewPath));
        expect(servedByB.status).toBe(200);
        expect(sha256(new Uint8Array(await servedByB.arrayBuffer()))).toBe(sha256(preview));

        const added = await trpc(b, clientCookie, "projects.addFiles", {
          projectId,
          kind: "materials",
          files: [
            {
              id: upload.id,
              url: upload.url,
              thumbnail: publicObjectUrl(a.url, "thumbnails", previewPath),
              blur: "/placeholder.svg",
              name: upload.name,
              size: upload.bytes.length,
              type: "image/tiff",
              sha256: outcome.sha256,
            },
          ],
        });
        expect(added).toEqual({ added: 1, ids: [expect.any(String)] });
        await expectDownload(b);
      },
    );

    await step("a rolling restart of A behind a balancer, under a steady stream of requests, loses none", async () => {
      const balancer = await startWebBalancer([a.url, b.url]);
      try {
        const writes: { body: string; status: number }[] = [];
        const reads: number[] = [];
        let going = true;
        let n = 0;
        // The designer at work through the balancer, in four tabs: each logs time on the project, then reads it, and
        // again (time, not comments, so the bell the last step reads stays as it was).
        const today = new Date().toISOString().slice(0, 10);
        const person = async () => {
          while (going) {
            const body = `Rolling ${++n}`;
            const posted = await fetch(`${balancer.url}/api/trpc/time.add`, {
              method: "POST",
              headers: { "content-type": "application/json", origin: balancer.url, cookie: designerCookie },
              body: JSON.stringify({ json: { projectId, day: today, minutes: 5, note: body } }),
            }).then(statusOnceRead, () => 0);
            writes.push({ body, status: posted });
            const input = encodeURIComponent(JSON.stringify({ json: { id: projectId } }));
            reads.push(
              await fetch(`${balancer.url}/api/trpc/projects.byId?input=${input}`, { headers: { cookie: designerCookie } }).then(
                statusOnceRead,
                () => 0,
              ),
            );
          }
        };
        const people = Array.from({ length: 4 }, person);
        const answeredBy = (app: RunningApp, from = 0) => balancer.answered.slice(from).filter((x) => x.backend === app.url).length;
        await new Promise((r) => setTimeout(r, 1_000));
        expect(answeredBy(a)).toBeGreaterThan(0);
        const before = balancer.answered.length;
        const restarting = performance.now();
        // As a deploy does it: SIGTERM, wait for the process to go, start the new release on the same port.
        a = await stack.restart(0, { SHUTDOWN_NOTICE_S: "1" });
        const back = balancer.answered.length;
        const restarted = performance.now();
        // The balancer sees the new A ready and sends it requests again.
        const deadline = Date.now() + 30_000;
        while (answeredBy(a, back) < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        going = false;
        await Promise.all(people);
        console.log(
          `rolling restart of A: ${((restarted - restarting) / 1000).toFixed(1)} s from SIGTERM to the new A answering; ` +
            `${writes.length} entries logged and ${reads.length} reads, ${answeredBy(b, before) - answeredBy(b, back)} of them answered by B ` +
            `and ${answeredBy(a, before) - answeredBy(a, back)} by the old A while it went; the new A answered ${answeredBy(a, back)}`,
        );
        expect(answeredBy(a, back)).toBeGreaterThanOrEqual(10);
        // Nothing lost: every request answered 200, and every entry logged is stored, once.
        expect(writes.filter((w) => w.status !== 200)).toEqual([]);
        expect(reads.filter((status) => status !== 200)).toEqual([]);
        expect(balancer.answered.filter((x) => x.status !== 200)).toEqual([]);
        const stored = await t.db.selectFrom("timeEntries").select("note").where("note", "like", "Rolling %").execute();
        expect(stored.map((entry) => entry.note).sort()).toEqual(writes.map((w) => w.body).sort());
      } finally {
        await balancer.close();
      }
    });

    await step("B is killed mid-journey; the journey goes on through A", async () => {
      await b.kill();
      // B's stream breaks off with it, and B answers nothing any more.
      await Promise.race([
        streamOnB.ended,
        new Promise((_, reject) => setTimeout(() => reject(new Error("the stream on B outlived B")), 10_000)),
      ]);
      await expect(fetch(`${b.url}/api/auth/providers`)).rejects.toThrow();

      // The page reconnects to whichever instance is left.
      const streamOnA = await openLiveStream(a.url, designerCookie);
      streams.push(streamOnA);
      const next = (
        (await trpc(a, clientCookie, "comments.create", { projectId, body: "And the date in bold, please." })) as { id: string }
      ).id;
      expect((await streamOnA.waitFor(next, 10_000)).data.projectId).toBe(projectId);

      // The bell: both comments, the one posted before B went down and the one after.
      const bell = (await trpc(a, designerCookie, "comments.findMany", undefined, "GET")) as { id: string }[];
      expect(bell.map((c) => c.id)).toEqual(expect.arrayContaining([firstCommentId, next]));
      // The file registered on B is listed and served through A.
      await expectDownload(a);
    });
  });
});
