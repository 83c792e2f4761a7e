// Fans live events out to every web instance: PostgreSQL LISTEN/NOTIFY across processes, in memory for the embedded run.
import { EventEmitter } from "node:events";
import { type LiveEvent, parseLiveEvent } from "@atelier/domain";

const LIVE_CHANNEL = "atelier_live";
const RECONNECT_MS = 250;
const RECONNECT_MAX_MS = 5000;

export interface LiveBus {
  publish(event: LiveEvent): Promise<void>;
  /** Calls `listener` for every event from any instance; answers the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Whether events reach the other instances now (always, in memory). */
  connected(): boolean;
  /** How many subscribers (open live streams) this instance has. */
  subscribers(): number;
  close(): Promise<void>;
}

export async function createLiveBus(
  options: { databaseUrl?: string | undefined; onError?: (error: unknown) => void } = {},
): Promise<LiveBus> {
  const emitter = new EventEmitter();
  // Every open page is one listener; the default cap of 10 would warn at the eleventh.
  emitter.setMaxListeners(0);
  const subscribe = (listener: (event: LiveEvent) => void) => {
    emitter.on("event", listener);
    return () => emitter.off("event", listener);
  };
  if (!options.databaseUrl) {
    return {
      publish: async (event) => void emitter.emit("event", event),
      subscribe,
      connected: () => true,
      subscribers: () => emitter.listenerCount("event"),
      close: async () => void emitter.removeAllListeners(),
    };
  }
  const { default: pg } = await import("pg");
  // One LISTEN connection, opened again (after RECONNECT_MS, doubling to RECONNECT_MAX_MS) whenever the server drops it:
  // a PostgreSQL restart must not leave this instance deaf to the others for the rest of its life. While it is down,
  // an event published here still reaches this instance's own listeners.
  let client: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let delay = RECONNECT_MS;
  let timer: NodeJS.Timeout | undefined;
  const reconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      open().catch(() => undefined);
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };
  const open = async () => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    let lost = false;
    const drop = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (error) options.onError?.(error);
      next.end().catch(() => undefined);
      reconnect();
    };
    next.on("error", drop);
    next.on("end", () => drop());
    next.on("notification", (message) => {
      const event = message.channel === LIVE_CHANNEL && message.payload ? parseLiveEvent(message.payload) : null;
      if (event) emitter.emit("event", event);
    });
    try {
      await next.connect();
      await next.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      drop(error);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    delay = RECONNECT_MS;
  };
  await open();
  return {
    // The notification comes back to this instance's LISTEN too, so it is not also emitted here.
    publish: async (event) => {
      if (!client) {
        emitter.emit("event", event);
        return;
      }
      await client.query("select pg_notify($1, $2)", [LIVE_CHANNEL, JSON.stringify(event)]);
    },
    subscribe,
    connected: () => client !== null,
    subscribers: () => emitter.listenerCount("event"),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      emitter.removeAllListeners();
      const last = client;
      client = null;
      await last?.end();
    },
  };
}
