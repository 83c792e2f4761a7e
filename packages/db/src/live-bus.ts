// Fans live events out to every web instance: PostgreSQL LISTEN/NOTIFY across processes, in memory for the embedded run.
import { EventEmitter } from "node:events";
import { type LiveEvent, parseLiveEvent } from "@atelier/domain";

const LIVE_CHANNEL = "atelier_live";

export interface LiveBus {
  publish(event: LiveEvent): Promise<void>;
  /** Calls `listener` for every event from any instance; answers the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
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
      close: async () => void emitter.removeAllListeners(),
    };
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: options.databaseUrl });
  client.on("error", (error) => options.onError?.(error));
  client.on("notification", (message) => {
    const event = message.channel === LIVE_CHANNEL && message.payload ? parseLiveEvent(message.payload) : null;
    if (event) emitter.emit("event", event);
  });
  await client.connect();
  await client.query(`listen ${LIVE_CHANNEL}`);
  return {
    // The notification comes back to this instance's LISTEN too, so it is not also emitted here.
    publish: async (event) => void (await client.query("select pg_notify($1, $2)", [LIVE_CHANNEL, JSON.stringify(event)])),
    subscribe,
    close: async () => {
      emitter.removeAllListeners();
      await client.end();
    },
  };
}
