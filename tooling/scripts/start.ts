// `npm start`: builds what changed, then runs the whole system on the embedded defaults (or on what .env / the environment says).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DEMO_USERS } from "@atelier/db/seed";
import { UPLOAD_SERVER_NODE_FLAGS } from "@atelier/upload-server/node-flags";
import { loadConfig } from "@atelier/web/env";
import { embeddedSecret } from "@atelier/web/secrets";
import { acquireInstanceLock } from "./instance-lock";
import { localUrl } from "./local-instance";
import { ROOT, run } from "./run";
import { type ChildSpec, supervise, waitForFreePorts, whenAncestorDies } from "./supervisor";

async function waitFor(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function main() {
  const port = process.env.PORT ?? "3000";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    DATA_DIR: process.env.DATA_DIR ?? join(ROOT, ".data"),
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
  };
  // Fail before a long build when the environment is wrong.
  const config = loadConfig(env);
  // The data directory holds the pid file and the embedded data: a new one is made, whatever else is configured.
  mkdirSync(env.DATA_DIR as string, { recursive: true });
  // The web app signs upload tickets with the secret the upload servers check them with.
  env.UPLOAD_SECRET ??= embeddedSecret(env.DATA_DIR as string, "upload-secret");
  const balancerPort = Number(new URL(config.UPLOAD_BALANCER_URL).port || 3100);
  const serverUrls = [1, 2].map((n) => `http://127.0.0.1:${balancerPort + n}`);

  console.log("Building the web app and the upload server (cached after the first run)…");
  await run("npx", ["turbo", "run", "build", "--filter=@atelier/web", "--filter=@atelier/upload-server", "--output-logs=errors-only"], env);

  // One `npm start` per data directory; the ports must be free (a previous run's children may still be ending).
  const lock = acquireInstanceLock(join(env.DATA_DIR as string, "npm-start.pid"));
  if (!lock.acquired) {
    console.error(
      `Atelier is already running from this folder (npm start, pid ${lock.pid}) at ${config.APP_URL}; stop it first (Ctrl+C there).`,
    );
    process.exit(1);
  }
  const ports = [Number(port), balancerPort, ...serverUrls.map((u) => Number(new URL(u).port))];
  const busy = await waitForFreePorts(ports, 10_000);
  if (busy.length > 0) {
    lock.release();
    console.error(`Port ${busy.join(", ")} is in use by another program; stop it or set PORT / UPLOAD_BALANCER_URL.`);
    process.exit(1);
  }

  // The bundled servers run on plain node: without a TypeScript loader they need about half the memory.
  const uploadMain = join(ROOT, "apps/upload-server/dist/main.js");
  const uploadArgs = (args: string[]) => [uploadMain, ...args, "--web-origin", config.origin];
  const webUrl = localUrl({ HOST: config.HOST, PORT: Number(port) });
  const balancerUrl = `http://127.0.0.1:${balancerPort}`;
  // Each child's /healthz is its liveness: one that stops answering is killed and started again.
  const node = (name: string, args: string[], base: string, cwd = ROOT): ChildSpec => ({
    name,
    command: process.execPath,
    args,
    env,
    cwd,
    health: `${base}/healthz`,
  });
  const supervisor = supervise([
    // The web app's own server binds HOST (loopback unless configured) and keeps the dev mailbox to this machine.
    node("web", [join(ROOT, "apps/web/dist/serve.js")], webUrl, join(ROOT, "apps/web")),
    node(
      "balancer",
      uploadArgs(["--role", "balancer", "--port", String(balancerPort), "--host", "127.0.0.1", "--servers", serverUrls.join(",")]),
      balancerUrl,
    ),
    ...serverUrls.map((url, i) =>
      node(
        `upload-server ${i + 1}`,
        [
          ...UPLOAD_SERVER_NODE_FLAGS,
          ...uploadArgs([
            "--role",
            "server",
            "--port",
            new URL(url).port,
            "--store",
            join(env.DATA_DIR as string, "uploads"),
            "--public-url",
            url,
          ]),
        ],
        url,
      ),
    ),
  ]);
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log("Stopping Atelier…");
    void supervisor.stop().finally(() => {
      lock.release();
      process.exit(code);
    });
  };
  process.on("SIGINT", () => stop(130));
  process.on("SIGTERM", () => stop(143));
  process.on("SIGHUP", () => stop(129));
  // Killed outright, npm cannot pass anything on: notice its death and take everything down.
  whenAncestorDies(() => stop(1));

  // Said to be running once the site and the uploads are both ready: a file chosen at once must have somewhere to go.
  const up = await Promise.all([waitFor(`${webUrl}/readyz`, 120_000), waitFor(`${balancerUrl}/readyz`, 120_000)]);
  if (up.every(Boolean)) {
    const mailbox = config.devMailbox ? `\n  Dev mailbox: ${config.APP_URL}/dev/mailbox (sign-in links arrive here)` : "";
    const demo = config.seedDemo ? `\n  Demo users: ${DEMO_USERS.map((u) => `${u.email} (${u.role})`).join(", ")}` : "";
    console.log(
      `\nAtelier is running at ${config.APP_URL}${mailbox}${demo}\n  Uploads: balancer ${config.UPLOAD_BALANCER_URL}, servers ${serverUrls.join(", ")}\n  Stop with Ctrl+C.\n`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
