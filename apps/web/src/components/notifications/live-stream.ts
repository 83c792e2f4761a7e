// Follows the server's live event stream for as long as a page wants it.
import { realtimeReconnectDelay } from "~/settings";

/** What this needs of the browser's EventSource. */
export interface LiveSource {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: () => void): void;
  close(): void;
}

const CLOSED = 2;

export interface LiveStreamOptions {
  open: () => LiveSource;
  /** Event types to listen for, each with what to do when one arrives. */
  on: Record<string, () => void>;
  /** After a reconnection: events sent while the stream was down are lost, so refresh instead. */
  onReconnect: () => void;
  schedule?: (run: () => void, ms: number) => () => void;
}

const timeout = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * EventSource reconnects a dropped stream by itself, but gives up for good on an answer that is
 * not a stream (a 502 from a proxy while the app restarts, a 401 after the session ended). Then
 * this opens a new one after 1, 2, 5 and then every 10 seconds. Answers a function that stops.
 */
export function followLiveStream({ open, on, onReconnect, schedule = timeout }: LiveStreamOptions): () => void {
  let source: LiveSource | undefined;
  let cancelRetry: (() => void) | undefined;
  let failures = 0;
  let everOpen = false;
  let stopped = false;

  const connect = () => {
    const current = open();
    source = current;
    for (const [type, listener] of Object.entries(on)) current.addEventListener(type, listener);
    current.onopen = () => {
      if (everOpen) onReconnect();
      everOpen = true;
      failures = 0;
    };
    current.onerror = () => {
      if (current.readyState !== CLOSED || stopped) return;
      current.close();
      failures += 1;
      cancelRetry = schedule(connect, realtimeReconnectDelay(failures));
    };
  };

  connect();
  return () => {
    stopped = true;
    cancelRetry?.();
    source?.close();
  };
}
