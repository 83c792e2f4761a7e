// What a web instance does before it exits on SIGTERM or SIGINT (a deploy, `npm start` stopping it): its workers
// finish the attempt in hand and let go of what they hold, so another instance sends a waiting mail at once instead
// of after the lease of a dead one (MAIL_SEND_LEASE_MS, a minute). The HTTP server (serve.ts) and the route handlers
// that start the workers are bundled apart, so the work to do is kept on globalThis.
const KEY = Symbol.for("atelier.web.shutdown");
type Holder = { [KEY]?: (() => Promise<void>)[] };

/** How long a stop waits for the workers before the process exits anyway. */
const SHUTDOWN_WAIT_MS = 10_000;

/** Registers work to do when the process is asked to stop. */
export function onShutdown(stop: () => Promise<void>): void {
  const holder = globalThis as Holder;
  holder[KEY] ??= [];
  holder[KEY].push(stop);
}

/** Runs every registered stop, at most SHUTDOWN_WAIT_MS; a failure is logged, never thrown. */
export async function shutDown(): Promise<void> {
  const stops = (globalThis as Holder)[KEY]?.splice(0) ?? [];
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`Stopping: the workers did not finish within ${SHUTDOWN_WAIT_MS / 1000} s.`);
      resolve();
    }, SHUTDOWN_WAIT_MS);
    timer.unref();
  });
  const all = Promise.allSettled(stops.map((stop) => stop())).then((results) => {
    for (const r of results) if (r.status === "rejected") console.error("Stopping:", r.reason);
  });
  await Promise.race([all, late]);
  clearTimeout(timer);
}

const STREAMS = Symbol.for("atelier.web.live-streams");
type StreamHolder = { [STREAMS]?: Set<() => void> };

/** Registers how to end one open live stream when the process stops; answers the function that forgets it. */
export function onStopEndStream(end: () => void): () => void {
  const holder = globalThis as StreamHolder;
  holder[STREAMS] ??= new Set();
  const streams = holder[STREAMS];
  streams.add(end);
  return () => streams.delete(end);
}

/** Ends every open live stream (each tells its page to reconnect, which reaches another instance). */
export function endLiveStreams(): void {
  const streams = (globalThis as StreamHolder)[STREAMS];
  for (const end of [...(streams ?? [])]) end();
  streams?.clear();
}
