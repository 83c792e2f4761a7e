// Starts the built web app as a real server and drives Debian's Chromium against it.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, findUserByEmail } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { extractLink, type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { UPLOAD_SERVER_NODE_FLAGS } from "@atelier/upload-server/node-flags";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";

const WEB_DIR = new URL("..", import.meta.url).pathname;
const SERVE = join(WEB_DIR, "dist/serve.js");
export const ARTIFACTS_DIR = join(WEB_DIR, "test-results");
/** Every process the run starts writes its output here, with the secrets it was given beside it (logs.last.e2e.test.ts). */
export const LOGS_DIR = join(ARTIFACTS_DIR, "logs");

/** Keeps one process's output in LOGS_DIR, and the secrets it was started with, for the check that no log holds one. */
function keptLog(name: string, secrets: readonly (string | undefined)[]): (chunk: string) => void {
  mkdirSync(LOGS_DIR, { recursive: true });
  const file = join(LOGS_DIR, `${name}-${randomUUID()}`);
  writeFileSync(`${file}.secrets.json`, JSON.stringify(secrets.filter((x): x is string => Boolean(x))));
  return (chunk) => appendFileSync(`${file}.log`, chunk);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningApp {
  url: string;
  /** The web server's process id. */
  pid: number;
  dataDir: string;
  logs: string[];
  /** Kills the server's whole process group at once, as a crash would, and waits until it is gone. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface AppOptions {
  port?: number;
  /** Runs the server inside this network namespace, reached at its address. */
  netns?: NetNamespace;
  /** Flags for node itself, before the script (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeFlags?: string[];
}

/** Runs the built web server (dist/serve.js) on a free loopback port with the given environment and waits until it answers. */
export async function startApp(env: Record<string, string | undefined>, options: AppOptions = {}): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const url = `http://${options.netns?.address ?? "localhost"}:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "atelier-e2e-"));
  const logs: string[] = [];
  const appSecrets = { AUTH_SECRET: randomBytes(32).toString("hex"), UPLOAD_SECRET: randomBytes(24).toString("hex") };
  const command = options.netns ? ["ip", "netns", "exec", options.netns.name, process.execPath] : [process.execPath];
  const child: ChildProcess = spawn(command[0]!, [...command.slice(1), ...(options.nodeFlags ?? []), SERVE], {
    cwd: WEB_DIR,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      ...appSecrets,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const given = env;
  const keep = keptLog("web", [
    appSecrets.AUTH_SECRET,
    appSecrets.UPLOAD_SECRET,
    given.AUTH_SECRET,
    given.UPLOAD_SECRET,
    given.SIGNING_KEY,
  ]);
  child.on("error", (error) => logs.push(`spawn failed: ${error.message}`));
  child.stdout?.on("data", (c: Buffer) => {
    logs.push(c.toString());
    keep(c.toString());
  });
  child.stderr?.on("data", (c: Buffer) => {
    logs.push(c.toString());
    keep(c.toString());
  });
  const gone = () => child.exitCode !== null || child.signalCode !== null || child.pid === undefined;
  const exited = new Promise((r) => child.once("exit", r));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    if (gone()) return;
    signal("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (!gone()) {
      signal("SIGKILL");
      await exited;
    }
  };
  const kill = async () => {
    if (gone()) return;
    signal("SIGKILL");
    await exited;
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${logs.join("")}`);
    try {
      const res = await fetch(`${url}/api/auth/providers`);
      if (res.ok) return { url, pid: child.pid as number, dataDir, logs, kill, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`the app did not answer within 90 s:\n${logs.join("")}`);
}

export interface NetNamespace {
  name: string;
  /** The namespace's own address, reachable from this one. */
  address: string;
  remove(): void;
}

/**
 * A network namespace of our own, joined to this one by a veth pair: a client here reaches a server in it
 * from a non-loopback address. Needs root; undefined where the machine does not allow it.
 */
export function createNetNamespace(): NetNamespace | undefined {
  const id = randomBytes(3).toString("hex");
  const name = `atelier-${id}`;
  const [outer, inner] = [`ae${id}`, `ai${id}`];
  const subnet = `10.${200 + (parseInt(id.slice(0, 2), 16) % 50)}.${parseInt(id.slice(2, 4), 16)}`;
  const ip = (...args: string[]) => execFileSync("ip", args, { stdio: "pipe" });
  const remove = () => {
    for (const args of [
      ["netns", "del", name],
      ["link", "del", outer],
    ]) {
      try {
        ip(...args);
      } catch {
        // Already gone (deleting the namespace removes the pair).
      }
    }
  };
  try {
    ip("netns", "add", name);
    ip("link", "add", outer, "type", "veth", "peer", "name", inner);
    ip("link", "set", inner, "netns", name);
    ip("addr", "add", `${subnet}.1/30`, "dev", outer);
    ip("link", "set", outer, "up");
    ip("-n", name, "addr", "add", `${subnet}.2/30`, "dev", inner);
    ip("-n", name, "link", "set", inner, "up");
    ip("-n", name, "link", "set", "lo", "up");
    return { name, address: `${subnet}.2`, remove };
  } catch {
    remove();
    return undefined;
  }
}

/**
 * Starts a test's servers, databases and browsers side by side, like `Promise.all`; when one fails to start, those that
 * did start are stopped before the error is thrown, so nothing outlives the run and holds a port.
 */
export async function startTogether<T extends readonly unknown[] | []>(starts: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = (await Promise.allSettled(starts)) as PromiseSettledResult<unknown>[];
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (!failure) return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
  await Promise.allSettled(settled.map((s) => (s.status === "fulfilled" ? stopStarted(s.value) : undefined)));
  throw failure.reason;
}

/** Whatever a start gave back, stopped the way it stops (apps and upload servers stop, sinks and browsers close, databases are destroyed). */
function stopStarted(started: unknown): Promise<unknown> | undefined {
  if (typeof started !== "object" || started === null) return undefined;
  const s = started as { stop?: () => Promise<unknown>; close?: () => Promise<unknown>; destroy?: () => Promise<unknown> };
  return s.stop?.() ?? s.close?.() ?? s.destroy?.();
}

/**
 * Debian's Chromium, headless. `ownSignals`: the caller stops everything on Ctrl+C or a kill itself, browser included;
 * otherwise Playwright closes the browser and, on Ctrl+C, ends the process before the caller's own handlers are done.
 */
export async function launchBrowser(options: { ownSignals?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    ...(options.ownSignals ? { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } : {}),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Waits for the page's timers queued so far and its next frame: widgets move focus or mark a selection in a timer of
 * their own after a key press (Radix's arrows, a dialog taking focus), so what a press did is asked after this.
 */
export function afterPageTimers(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => resolve()), 0)));
}

/** Keeps a screenshot of the page under test-results/, for a red run or a page to be looked at. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name.replace(/[^a-z0-9-]+/gi, "-")}.png`), fullPage: true }).catch(() => undefined);
}

const ROOT = join(WEB_DIR, "..", "..");
const UPLOAD_SERVER_MAIN = join(ROOT, "apps/upload-server/dist/main.js");

/** Where the upload servers keep files: a directory of their own, or a bucket on an S3 endpoint. */
type UploadStoreOption = {
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region?: string };
};

export interface UploadServers {
  balancerUrl: string;
  serverUrls: string[];
  /** The upload servers' process ids, in the order of serverUrls. */
  serverPids: number[];
  /** The shared directory of the filesystem store; undefined on S3. */
  storeDir: string | undefined;
  /** Kills the upload servers (not the balancer), as a crash would. */
  killServers(): void;
  /** Stops every process and waits until each is gone. */
  stop(): Promise<void>;
}

export interface UploadServerOptions {
  secret: string;
  webOrigin: string;
  store?: UploadStoreOption;
  /** Serve the balancer and the servers over TLS, HTTP/2 first, with this certificate (which the balancer trusts). */
  tls?: { certFile: string; keyFile: string };
  /** Binary parts on or off on the servers (default on). */
  binaryParts?: boolean;
}

/**
 * Starts the built balancer and two upload servers of apps/upload-server (dist/main.js, with the
 * servers' node flags) on free loopback ports, sharing one store: a fresh directory, or `store.s3`.
 */
export async function startUploadServers(options: UploadServerOptions): Promise<UploadServers> {
  const s3 = options.store?.s3;
  const storeDir = s3 ? undefined : mkdtempSync(join(tmpdir(), "atelier-e2e-uploads-"));
  const storeEnv: Record<string, string> = s3
    ? {
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region ?? "us-east-1",
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }
    : {};
  const tlsArgs = options.tls ? ["--tls-cert", options.tls.certFile, "--tls-key", options.tls.keyFile] : [];
  // The balancer's health checks reach the servers over the same TLS: it trusts their certificate.
  const tlsEnv: Record<string, string> = options.tls ? { NODE_EXTRA_CA_CERTS: options.tls.certFile } : {};
  const children: ChildProcess[] = [];
  const launch = (nodeFlags: readonly string[], args: string[]) =>
    new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [...nodeFlags, UPLOAD_SERVER_MAIN, ...args, ...tlsArgs, "--port", "0", "--web-origin", options.webOrigin],
        {
          cwd: ROOT,
          detached: true,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            NODE_ENV: "production",
            UPLOAD_SECRET: options.secret,
            ...storeEnv,
            ...tlsEnv,
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      children.push(child);
      const output: string[] = [];
      const keep = keptLog("upload", [options.secret, s3?.secretAccessKey]);
      let url: string | undefined;
      const onOutput = (c: Buffer) => {
        output.push(c.toString());
        keep(c.toString());
        const line = url
          ? undefined
          : output
              .join("")
              .split("\n")
              .find((l) => l.startsWith('{"role"'));
        if (line) {
          url = (JSON.parse(line) as { url: string }).url;
          resolve({ child, url });
        }
      };
      child.stdout?.on("data", onOutput);
      child.stderr?.on("data", (c: Buffer) => {
        output.push(c.toString());
        keep(c.toString());
      });
      child.on("error", (error) => reject(error));
      child.on("exit", (code) => reject(new Error(`upload server exited with ${code}: ${output.join("")}`)));
    });
  const kill = (child: ChildProcess) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone: its exit has not been reported yet.
    }
  };
  const exited = (child: ChildProcess) =>
    child.pid === undefined || child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => child.once("exit", () => r()));
  const stop = async () => {
    for (const child of children) kill(child);
    await Promise.all(children.map(exited));
  };
  try {
    const servers = await Promise.all(
      [1, 2].map(() =>
        launch(UPLOAD_SERVER_NODE_FLAGS, [
          ...["--role", "server", "--store", storeDir ?? "s3"],
          ...(options.binaryParts === false ? ["--binary-parts", "false"] : []),
        ]),
      ),
    );
    const balancer = await launch([], ["--role", "balancer", "--servers", servers.map((s) => s.url).join(",")]);
    return {
      balancerUrl: balancer.url,
      serverUrls: servers.map((s) => s.url),
      serverPids: servers.map((s) => s.child.pid as number),
      storeDir,
      killServers: () => {
        for (const s of servers) kill(s.child);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Picks an option of one of the app's selects (Radix Select, or the filterable combobox for long lists) by its label. */
export async function chooseOption(trigger: Locator, label: string): Promise<void> {
  const option = trigger.page().getByRole("option", { name: label, exact: true });
  // A page still streaming in holds a hidden copy of its controls, and a control not yet hydrated ignores a click:
  // the visible one is clicked until its list opens.
  await untilShown(() => trigger.filter({ visible: true }).click(), option);
  await option.click();
  // The list fades out; until it is gone its options would also match a label such as "Stage".
  await option.waitFor({ state: "detached" });
}

/**
 * Opens the command palette with Ctrl+K and gives back its search field; a page that has only just arrived ignores the
 * key until it is hydrated, so the key is pressed again until the palette shows.
 */
export async function openPalette(page: Page): Promise<Locator> {
  // The header's search button tells at once that the palette is open, before its code has loaded.
  const opened = page.locator('header button[aria-keyshortcuts="Control+K"][aria-expanded="true"]');
  await untilShown(() => page.keyboard.press("Control+k"), opened);
  const input = page.getByPlaceholder("Type a command or search...");
  await input.waitFor();
  return input;
}

/** Does `act` until `shown` is visible, waiting a moment after each try: for a page that may not be hydrated yet. */
async function untilShown(act: () => Promise<void>, shown: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await act();
    try {
      await shown.first().waitFor({ state: "visible", timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

/**
 * The page as a phone (390 x 844) and a desktop (1280 x 800) show it, each kept as a screenshot named
 * `<name>-phone.png` and `<name>-desktop.png`: nothing wider than the screen.
 */
export async function fitsBoth(page: Page, name: string): Promise<void> {
  for (const [width, height, kind] of [
    [390, 844, "phone"],
    [1280, 800, "desktop"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-${kind}.png`), fullPage: true });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) throw new Error(`${name} as a ${kind}: ${scrollWidth} px wide, wider than ${width}`);
  }
}

/**
 * Runs `use` in a tab of a new browser context signed in as `email`, on a 1280 x 800 screen or a 390 x 844 phone;
 * the context is closed whatever happens.
 */
export async function asPerson(
  stack: { browser: Browser; t: TestDatabase; app: RunningApp },
  email: string,
  screen: "desktop" | "phone",
  use: (tab: Page) => Promise<void>,
): Promise<void> {
  const context = await stack.browser.newContext(
    screen === "phone"
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  try {
    await signInWithSession(stack.t.db, context, stack.app.url, email);
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Signs `email` in on `context` without the mail round trip: a fresh database session for the user, set as the
 * cookie next-auth reads on http. Answers the session token. The context's pages are left for a blank one first (the
 * caller opens the page it wants next): a page of the person signed in before may have a request in flight (the
 * session's own refresh) whose answer sets their cookie again after it was replaced, so that the next page opens as them.
 */
export async function signInWithSession(db: Db, context: BrowserContext, appUrl: string, email: string): Promise<string> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  const sessionToken = randomBytes(32).toString("hex");
  await db
    .insertInto("sessions")
    .values({ id: randomUUID(), sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) })
    .execute();
  await Promise.all(context.pages().map((page) => page.goto("about:blank")));
  await context.clearCookies();
  await context.addCookies([{ name: "next-auth.session-token", value: sessionToken, url: appUrl, httpOnly: true, sameSite: "Lax" }]);
  return sessionToken;
}

/** A tRPC call over HTTP as a page of `appUrl` makes it (same origin, JSON, the wire's superjson envelope); throws on an error answer. */
export async function callTrpc(
  appUrl: string,
  cookie: string,
  path: string,
  input?: unknown,
  method: "GET" | "POST" = "POST",
): Promise<unknown> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const res = await fetch(`${appUrl}/api/trpc/${path}${method === "GET" ? query : ""}`, {
    method,
    headers: { "content-type": "application/json", origin: appUrl, cookie },
    ...(method === "POST" ? { body: JSON.stringify({ json: input }) } : {}),
  });
  const body = (await res.json()) as { result?: { data: { json: unknown } } };
  if (!res.ok || !body.result) throw new Error(`${path} on ${appUrl}: ${res.status} ${JSON.stringify(body)}`);
  return body.result.data.json;
}

/** Opens a page's link as its browser would (with the page's cookies, following redirects): the status and the bytes. */
export async function openLink(page: Page, href: string, method: "GET" | "HEAD" = "GET"): Promise<{ status: number; bytes: Buffer }> {
  const answer = await page.request.fetch(new URL(href, page.url()).toString(), { method });
  return { status: answer.status(), bytes: await answer.body() };
}

/** Where a page's file link sends its browser now: the upload server's own short-lived link to the stored bytes. */
export async function storedFileLocation(page: Page, href: string): Promise<string> {
  const answer = await page.request.fetch(new URL(href, page.url()).toString(), { maxRedirects: 0 });
  const location = answer.headers().location;
  if (answer.status() !== 302 || !location) throw new Error(`${href} answered ${answer.status()}, not a redirect`);
  return location;
}

/** What a stack is made of; each part is started only when asked for. */
export interface StackShape {
  /** A throwaway PostgreSQL database of the stack's own (DATABASE_URL); without it the app runs on its embedded one. */
  database?: boolean;
  /** A real SMTP server (SMTP_URL) that keeps every mail the app sends. */
  smtp?: boolean;
  /** A balancer and two upload servers (UPLOAD_BALANCER_URL), with these options; `true` for a store directory of their own. */
  uploads?: true | Omit<UploadServerOptions, "secret" | "webOrigin">;
  /** Debian's Chromium, started alongside the servers. */
  browser?: boolean;
  /** Web instances sharing everything, secrets included (default 1). */
  instances?: number;
}

/** The parts of a stack of this shape, each one asked for. */
type StackParts<O extends StackShape> = (O extends { database: true } ? { t: TestDatabase } : unknown) &
  (O extends { smtp: true } ? { smtp: SmtpSink } : unknown) &
  (O extends { uploads: true | object } ? { uploads: UploadServers } : unknown) &
  (O extends { browser: true } ? { browser: Browser } : unknown);

/** What happens between the parts starting and the app starting. */
export interface StackSetup<O extends StackShape> {
  /** What the database (or the upload store) holds before the app starts: demo users, the living demo. */
  seed?: (parts: StackParts<O>) => Promise<unknown>;
  /** More environment for the web app, given the parts (it wins over the stack's own). */
  env?: Record<string, string> | ((parts: StackParts<O>) => Record<string, string>);
}

/** A running stack: the web app (the first of `apps`), the upload secret it shares, and each part asked for. */
export type Stack<O extends StackShape> = StackParts<O> & {
  app: RunningApp;
  apps: RunningApp[];
  /** The secret the app and the upload servers share. */
  uploadSecret: string;
  /**
   * Restarts one instance as a deploy does: SIGTERM, then, once it has gone, the same instance again on its port (with
   * `env` added to its environment); `apps[index]` becomes the new one, which is returned.
   */
  restart(index: number, env?: Record<string, string>): Promise<RunningApp>;
  /** Stops every part (apps and browser, then the servers, then the database) and waits until each is gone. */
  stop(): Promise<void>;
};

/**
 * Starts the whole system a test drives: its database, mail server, upload servers and browser side by side, then what
 * `setup.seed` puts in place, then the web app (or `instances` of them) with DATABASE_URL, SMTP_URL and UPLOAD_*
 * pointing at them. The app's port is chosen first, since the upload servers take its origin. When any part fails to
 * start, the parts that did are stopped before the error is thrown.
 */
export async function startStack<const O extends StackShape>(shape: O, setup: StackSetup<O> = {}): Promise<Stack<O>> {
  const ports = await Promise.all(Array.from({ length: shape.instances ?? 1 }, () => freePort()));
  const authSecret = randomBytes(32).toString("hex");
  const uploadSecret = randomBytes(24).toString("hex");
  const parts: { t?: TestDatabase; smtp?: SmtpSink; uploads?: UploadServers; browser?: Browser } = {};
  let apps: RunningApp[] = [];
  const stop = async () => {
    const errors: unknown[] = [];
    const settle = async (stops: (Promise<unknown> | undefined)[]) => {
      for (const s of await Promise.allSettled(stops)) if (s.status === "rejected") errors.push(s.reason);
    };
    // The apps hold connections to the database and the servers: they go first, the database last.
    await settle([...apps.map((a) => a.stop()), parts.browser?.close()]);
    await settle([parts.uploads?.stop(), parts.smtp?.close()]);
    await settle([parts.t?.destroy()]);
    if (errors.length > 0) throw new AggregateError(errors, `stopping the stack failed: ${errors.map(String).join("; ")}`);
  };
  const uploadOptions = shape.uploads === true ? {} : shape.uploads;
  let env: Record<string, string> = {};
  const restart = async (index: number, more: Record<string, string> = {}) => {
    const old = apps[index];
    if (!old) throw new Error(`no instance ${index}`);
    await old.stop();
    const next = await startApp({ ...env, ...more }, { port: ports[index] as number });
    apps[index] = next;
    return next;
  };
  try {
    const [t, smtp, uploads, browser] = await startTogether([
      shape.database ? createTestDatabase() : undefined,
      shape.smtp ? startSmtpSink() : undefined,
      uploadOptions ? startUploadServers({ ...uploadOptions, secret: uploadSecret, webOrigin: `http://localhost:${ports[0]}` }) : undefined,
      shape.browser ? launchBrowser() : undefined,
    ]);
    Object.assign(parts, { t, smtp, uploads, browser });
    const started = parts as StackParts<O>;
    await setup.seed?.(started);
    env = {
      AUTH_SECRET: authSecret,
      UPLOAD_SECRET: uploadSecret,
      // One certificate-signing key for every instance, as a deployment shares it (docs/approval-certificate.md).
      SIGNING_KEY: generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      ...(t ? { DATABASE_URL: t.url } : {}),
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      ...(uploads ? { UPLOAD_BALANCER_URL: uploads.balancerUrl } : {}),
      ...(typeof setup.env === "function" ? setup.env(started) : setup.env),
    };
    const starting = await Promise.allSettled(ports.map((port) => startApp(env, { port })));
    apps = starting.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const failed = starting.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failed) throw failed.reason;
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return Object.assign(parts, { app: apps[0] as RunningApp, apps, uploadSecret, restart, stop }) as Stack<O>;
}

/**
 * Signs `email` in as a person does: the address on the login page, then the sign-in link from the mail. The mail is
 * read where the app sends it: `smtp` when the app has a mail server, else the dev mailbox of the embedded run. Only a
 * sign-in mail to this address sent after the request counts, so an earlier link (perhaps used already) is never
 * followed. Answers the link, once the page it leads to has loaded.
 */
export async function signInByMail(page: Page, appUrl: string, email: string, smtp?: SmtpSink): Promise<string> {
  const before = smtp?.mails.length ?? 0;
  const send = page.getByRole("button", { name: "Send me a sign-in link" });
  // A login page already open (one that will return to the page that asked for it) is used as it is.
  const onLogin = new URL(page.url()).origin === new URL(appUrl).origin && (await send.count()) > 0;
  if (!onLogin) await page.goto(appUrl);
  await page.getByLabel("E-mail").fill(email);
  await send.click();
  await page.getByText("Check your email").waitFor();
  await page.getByText("A sign in link has been sent to your email address").waitFor();
  if (smtp) {
    const link = await sentSignInLink(smtp, email, before);
    await page.goto(link);
    return link;
  }
  await page.goto(`${appUrl}/dev/mailbox`);
  // Newest first: the first sign-in mail to this address is the one just asked for.
  const open = page
    .getByTestId("dev-mail")
    .filter({ hasText: `To: ${email}` })
    .filter({ hasText: "Sign in to" })
    .first()
    .getByRole("link", { name: "Sign in", exact: true });
  const link = (await open.getAttribute("href")) ?? "";
  await open.click();
  await page.waitForURL((url) => url.pathname !== "/dev/mailbox" && !url.pathname.startsWith("/api/auth/"));
  return link;
}

/** The link of the first sign-in mail to `email` among those `smtp` received after the first `after` of them. */
async function sentSignInLink(smtp: SmtpSink, email: string, after: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = smtp.mails.slice(after).find((m) => m.to.includes(email) && m.raw.includes("Subject: Sign in to"));
    const link = mail && extractLink(mail.raw);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in mail for ${email} within ${timeoutMs} ms`);
}

/**
 * One step of a journey told as one test: its name is put before the message of anything it throws, so a red run
 * says which step broke.
 */
export async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error) error.message = `${name}: ${error.message}`;
    throw error;
  }
}
