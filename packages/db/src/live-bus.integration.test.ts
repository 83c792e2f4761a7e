import type { LiveEvent } from "@atelier/domain";
import { afterAll, describe, expect, it } from "vitest";
import { startPostgres } from "../../../tooling/scripts/postgres";
import { createLiveBus, type LiveBus } from "./live-bus";
import { requireDatabaseUrl } from "./testing";

const event: LiveEvent = { type: "comment", projectId: "p1", businessId: "acme", commentId: "c1", staffOnly: false };

function next(bus: LiveBus): Promise<LiveEvent> {
  return new Promise((resolve) => {
    const off = bus.subscribe((e) => {
      off();
      resolve(e);
    });
  });
}

describe("live bus", () => {
  const buses: LiveBus[] = [];
  afterAll(async () => Promise.all(buses.map((b) => b.close())));

  it("carries an event from one web instance to another through PostgreSQL", async () => {
    const [a, b] = await Promise.all([
      createLiveBus({ databaseUrl: requireDatabaseUrl() }),
      createLiveBus({ databaseUrl: requireDatabaseUrl() }),
    ]);
    buses.push(a, b);
    const onA = next(a);
    const onB = next(b);
    await a.publish(event);
    expect(await onB).toEqual(event);
    expect(await onA).toEqual(event);
  });

  it("works in memory without a database URL, and stops after unsubscribing", async () => {
    const bus = await createLiveBus();
    buses.push(bus);
    const seen: LiveEvent[] = [];
    const off = bus.subscribe((e) => seen.push(e));
    await bus.publish(event);
    off();
    await bus.publish({ ...event, commentId: "c2" });
    expect(seen).toEqual([event]);
  });

  it("hears the other instances again after PostgreSQL restarts", async () => {
    const pg = await startPostgres();
    const errors: unknown[] = [];
    const [a, b] = await Promise.all([
      createLiveBus({ databaseUrl: pg.url, onError: (e) => errors.push(e) }),
      createLiveBus({ databaseUrl: pg.url, onError: (e) => errors.push(e) }),
    ]);
    try {
      pg.pause();
      await waitFor(() => !a.connected() && !b.connected());
      // While it is down, this instance's own pages still hear what it publishes.
      const own = next(a);
      await a.publish({ ...event, commentId: "during" });
      expect((await own).commentId).toBe("during");
      pg.resume();
      await waitFor(() => a.connected() && b.connected());
      const onB = next(b);
      await a.publish({ ...event, commentId: "after" });
      expect((await onB).commentId).toBe("after");
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
      pg.stop();
    }
  }, 60_000);
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(condition()).toBe(true);
}
