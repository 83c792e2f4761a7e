// `npm start` as its supervisor: each child killed in turn (an upload server in the middle of a part,
// the balancer, the web app) comes back while the rest keeps serving and the upload in flight completes
// byte-exact; killed outright, `npm start` leaves nothing behind and starts again on the same ports; Ctrl+C to its
// process group or SIGINT to the npm process alone stops everything; on PostgreSQL with a data directory that does not
// exist yet, it makes the directory and starts.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { createSignedDownloadToken, issueUploadTicket } from "@atelier/storage";
import { createUploader, type FetchLike, fromBytes } from "@atelier/upload-engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, step } from "./harness";

const ROOT = new URL("../../..", import.meta.url).pathname;
const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const answers = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
};

interface Started {
  npm: ChildProcess;
  output: string[];
  pids(): Map<string, number>;
}

describe("npm start keeps the system running", () => {
  let port = 0;
  let balancerPort = 0;
  const dataDir = mkdtempSync(join(tmpdir(), "atelier-start-"));
  const secret = randomBytes(24).toString("hex");
  const running: Started[] = [];

  function start(env: Record<string, string> = {}): Started {
    const output: string[] = [];
    // `npm start` itself, in a group of its own so the test can always clean up after it.
    const npm = spawn("npm", ["start"], {
      cwd: ROOT,
      detached: true,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        PORT: String(port),
        APP_URL: `http://localhost:${port}`,
        UPLOAD_BALANCER_URL: `http://localhost:${balancerPort}`,
        DATA_DIR: dataDir,
        UPLOAD_SECRET: secret,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [npm.stdout, npm.stderr]) stream?.on("data", (c: Buffer) => output.push(...c.toString().split("\n")));
    const started: Started = {
      npm,
      output,
      pids: () => {
        const pids = new Map<string, number>();
        for (const line of output) {
          const m = line.match(/^\[([a-z -]+\d?)\] started \(pid (\d+)\)$/);
          if (m?.[1] && m[2]) pids.set(m[1], Number(m[2]));
        }
        return pids;
      },
    };
    running.push(started);
    return started;
  }

  const upUrl = () => `http://127.0.0.1:${port}/api/auth/providers`;
  const upAll = async () => (await answers(upUrl())) && (await answers(`http://127.0.0.1:${balancerPort}/`));

  beforeAll(async () => {
    port = await freePort();
    // The balancer's port and the two next ones are the upload servers'.
    for (;;) {
      balancerPort = await freePort();
      if (balancerPort < 65_000) break;
    }
  });
  afterAll(async () => {
    for (const { npm } of running) {
      try {
        if (npm.pid) process.kill(-npm.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    for (const { pids } of running) for (const pid of pids().values()) if (alive(pid)) process.kill(pid, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  // One run of npm start, from its first start to its last stop: the children it restarts, then npm itself killed
  // outright and started again on the same ports. The second half needs the system the first half leaves running.
  it("keeps the system running: each child that dies comes back, and npm killed outright leaves nothing behind", async () => {
    const first = start();
    await step("restarts each child that dies while the others serve, and an upload in flight completes", async () => {
      await until(() => first.output.some((l) => l.includes("Atelier is running")), 300_000, "npm start");
      const pids = first.pids();
      expect([...pids.keys()].sort()).toEqual(["balancer", "upload-server 1", "upload-server 2", "web"]);

      // A second start from the same folder says so in one line and leaves the first alone.
      const second = start();
      const code = await new Promise<number | null>((r) => second.npm.once("exit", r));
      expect(code).not.toBe(0);
      expect(second.output.join("\n")).toMatch(/Atelier is already running from this folder \(npm start, pid \d+\)/);
      await until(upAll, 10_000, "web and balancer answering");

      // An upload server killed in the middle of a part: the upload goes on through the other.
      const serverPid = pids.get("upload-server 1") as number;
      const serverUrl = `http://127.0.0.1:${balancerPort + 1}`;
      let killed = false;
      const killing: FetchLike = (url, init) => {
        const answer = fetch(url, init as RequestInit) as unknown as ReturnType<FetchLike>;
        if (!killed && url.startsWith(`${serverUrl}/api/chunked`) && Number(init.headers.part) >= 2) {
          killed = true;
          setImmediate(() => process.kill(serverPid, "SIGKILL"));
        }
        return answer;
      };
      const data = randomBytes(45 * MiB);
      const uploader = createUploader({
        balancerUrl: `http://127.0.0.1:${balancerPort}`,
        fetch: killing,
        sha256: (bytes) => createHash("sha256").update(bytes).digest(),
        headers: () => ({ Authorization: `Bearer ${issueUploadTicket({ userId: "start-test" }, secret, Date.now()).ticket}` }),
      });
      const [outcome] = await uploader.upload([{ source: fromBytes(data, { name: "kill.bin" }), urlPath: "START/kill.bin" }]);
      expect(killed).toBe(true);
      expect(outcome?.ok).toBe(true);
      if (!outcome?.ok) return;
      expect(outcome.sha256).toBe(sha256(data));
      const path = decodeURIComponent(new URL(outcome.url).pathname.slice("/files/".length));
      const token = createSignedDownloadToken({ path, userId: "start-test" }, secret, Date.now()).token;
      const served = await until(
        async () => {
          const res = await fetch(`http://127.0.0.1:${balancerPort + 2}/files/${path}?token=${encodeURIComponent(token)}`).catch(
            () => null,
          );
          return res?.ok ? new Uint8Array(await res.arrayBuffer()) : undefined;
        },
        15_000,
        "download",
      );
      expect(sha256(served)).toBe(sha256(data));
      // The killed server is back.
      await until(() => first.pids().get("upload-server 1") !== serverPid && answers(`${serverUrl}/health`), 15_000, "upload server back");
      expect(first.output.some((l) => l.startsWith("[upload-server 1] exited (signal SIGKILL); restarting in"))).toBe(true);

      // The balancer, then the web app: each back within 15 s, the others serving meanwhile.
      for (const name of ["balancer", "web"]) {
        const pid = first.pids().get(name) as number;
        process.kill(pid, "SIGKILL");
        const killedAt = Date.now();
        await until(async () => first.pids().get(name) !== pid && (await upAll()), 15_000, `${name} back`);
        console.log(`${name} serving again ${Date.now() - killedAt} ms after SIGKILL`);
        expect(alive(first.npm.pid as number)).toBe(true);
      }
    });

    await step("leaves nothing behind when killed outright, and starts again on the same ports", async () => {
      if (!first.npm.pid) throw new Error("npm start has no process id");
      const children = [...first.pids().entries()].filter(([name]) => first.pids().get(name)).map(([, pid]) => pid);
      process.kill(first.npm.pid, "SIGKILL");
      await until(() => children.every((pid) => !alive(pid)), 15_000, "children gone after SIGKILL of npm");

      const again = start();
      await until(() => again.output.some((l) => l.includes("Atelier is running")), 300_000, "npm start again");
      await until(upAll, 10_000, "web and balancer answering");

      // Ctrl+C stops everything within a few seconds.
      const pids = [...again.pids().values()];
      process.kill(-(again.npm.pid as number), "SIGINT");
      await until(() => pids.every((pid) => !alive(pid)), 10_000, "children gone after Ctrl+C");
      await until(() => again.npm.exitCode !== null || again.npm.signalCode !== null, 10_000, "npm start ended");
    });

    await step("on PostgreSQL makes a data directory that does not exist yet, and SIGINT to npm alone stops everything", async () => {
      let t: TestDatabase | undefined;
      try {
        t = await createTestDatabase();
        // What a server on PostgreSQL must be given (the checks at start refuse it otherwise); the mailbox stays on
        // because this machine is the test's own.
        const third = start({
          DATABASE_URL: t.url,
          DATA_DIR: join(dataDir, "not", "there", "yet"),
          AUTH_SECRET: randomBytes(32).toString("hex"),
          DANGEROUSLY_ALLOW_DEV_MAILBOX: "true",
        });
        await until(
          () => third.output.some((l) => l.includes("Atelier is running")) || third.npm.exitCode !== null,
          300_000,
          "npm start on a new data directory",
        );
        expect(third.output.join("\n")).not.toMatch(/ENOENT/);
        // Both answered for "running"; a probe on a busy machine may still miss its 2 s, so it is given a few tries.
        await until(upAll, 10_000, `web and balancer on PostgreSQL: ${third.output.join("")}`);
        const pids = [...third.pids().values()];
        expect(pids).toHaveLength(4);
        // The signal to npm's own process, as a process manager or `kill <pid>` sends it: not to its group.
        process.kill(third.npm.pid as number, "SIGINT");
        await until(() => pids.every((pid) => !alive(pid)), 10_000, "children gone after SIGINT to npm");
        await until(() => third.npm.exitCode !== null || third.npm.signalCode !== null, 10_000, "npm start ended after SIGINT");
        expect(third.output.some((l) => l.includes("Stopping Atelier"))).toBe(true);
      } finally {
        await t?.destroy();
      }
    });
  }, 900_000);
});
