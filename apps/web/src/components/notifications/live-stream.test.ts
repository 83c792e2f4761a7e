import { describe, expect, it } from "vitest";
import { followLiveStream, type LiveSource } from "./live-stream";

// A stand-in for the browser's EventSource, driven by the test.
class FakeSource implements LiveSource {
  readyState = 0;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly listeners = new Map<string, () => void>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  // EventSource itself retries a dropped stream (CONNECTING) and gives up on an error answer (CLOSED).
  fail(givesUp: boolean) {
    this.readyState = givesUp ? 2 : 0;
    this.onerror?.(new Event("error"));
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const seen: string[] = [];
  const stop = followLiveStream({
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    on: { comment: () => seen.push("comment") },
    onReconnect: () => seen.push("refresh"),
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  const fireTimers = () => {
    for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run();
  };
  return { sources, timers, seen, stop, fireTimers };
}

describe("followLiveStream", () => {
  it("hands on events, and leaves a dropped stream to EventSource's own retry", () => {
    const h = harness();
    h.sources[0]!.open();
    h.sources[0]!.listeners.get("comment")!();
    h.sources[0]!.fail(false);
    h.sources[0]!.open();
    expect(h.sources).toHaveLength(1);
    expect(h.timers).toHaveLength(0);
    // Back after a drop: what was sent meanwhile is lost, so the page refreshes.
    expect(h.seen).toEqual(["comment", "refresh"]);
  });

  it("opens a new stream after a closed one, waiting longer each time until one opens", () => {
    const h = harness();
    h.sources[0]!.open();
    const waits: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      h.sources.at(-1)!.fail(true);
      expect(h.sources.at(-1)!.closed).toBe(true);
      waits.push(h.timers[0]!.ms);
      h.fireTimers();
    }
    expect(waits).toEqual([1000, 2000, 5000, 10_000, 10_000]);
    expect(h.sources).toHaveLength(6);
    h.sources.at(-1)!.open();
    expect(h.seen).toEqual(["refresh"]);
    // Once open again, the next failure starts from the shortest wait.
    h.sources.at(-1)!.fail(true);
    expect(h.timers[0]!.ms).toBe(1000);
  });

  it("comes back after the server ended the stream and refused the next while the session changed", () => {
    const h = harness();
    h.sources[0]!.open();
    // The server ends the stream (signed out, new role): EventSource retries by itself and is refused.
    h.sources[0]!.fail(false);
    h.sources[0]!.fail(true);
    expect(h.timers.map((timer) => timer.ms)).toEqual([1000]);
    h.fireTimers();
    // Signed in again: the new stream opens and the page refreshes what it missed.
    h.sources[1]!.open();
    expect(h.sources).toHaveLength(2);
    expect(h.seen).toEqual(["refresh"]);
  });

  it("stops: closes the stream and opens no other", () => {
    const h = harness();
    h.sources[0]!.fail(true);
    h.stop();
    h.fireTimers();
    expect(h.sources).toHaveLength(1);
    expect(h.sources[0]!.closed).toBe(true);
  });
});
