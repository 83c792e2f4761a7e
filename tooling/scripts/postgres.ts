// Starts a throwaway PostgreSQL server on loopback for the tests, and stops it again.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface PostgresServer {
  url: string;
  stop(): void;
  /** Stops the server, keeping its data and port, as an outage does; `resume` starts it again. */
  pause(): void;
  resume(): void;
}

function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install -y postgresql)");
  const dir = mkdtempSync(join(tmpdir(), "atelier-pg-"));
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root, so as root the server runs as the postgres user.
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", join(bin, cmd), ...args]] : [join(bin, cmd), args];
    execFileSync(file, argv as string[], { stdio: ["ignore", "ignore", "pipe"] });
  };
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  const start = () =>
    run("pg_ctl", [
      "-D",
      data,
      "-w",
      "-l",
      join(dir, "log"),
      "-o",
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      "start",
    ]);
  start();
  let stopped = false;
  let paused = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      paused = true;
    },
    resume() {
      start();
      paused = false;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (!paused) run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
