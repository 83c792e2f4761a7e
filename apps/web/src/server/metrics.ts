// What a web instance reports to Prometheus beside its requests' and procedures' durations (README, "Monitoring"):
// its database pool, the mail outbox's backlog, and its open live streams. Read when /metrics is scraped.
import { type Db, type LiveBus, outboxBacklog, poolStats } from "@atelier/db";
import { gauge } from "@atelier/observability";

export function registerServerMetrics({ db, live }: { db: Db; live: LiveBus }): void {
  gauge({
    name: "atelier_db_pool_connections",
    help: "PostgreSQL connections of this instance's pool: open, in use (checked out), and calls waiting for one",
    labelNames: ["state"] as const,
    read: () => {
      const stats = poolStats(db);
      return stats
        ? [
            [{ state: "open" }, stats.open],
            [{ state: "in_use" }, stats.inUse],
            [{ state: "waiting" }, stats.waiting],
          ]
        : [];
    },
  });
  // One query per scrape serves the three outbox figures.
  let backlog: Promise<Awaited<ReturnType<typeof outboxBacklog>>> | undefined;
  const read = () => {
    backlog ??= outboxBacklog(db, new Date()).finally(() => setTimeout(() => (backlog = undefined), 1000).unref());
    return backlog;
  };
  gauge({
    name: "atelier_mail_outbox_pending",
    help: "Mail waiting to be sent (digests still gathering included)",
    read: async () => (await read()).pending,
  });
  gauge({
    name: "atelier_mail_outbox_overdue_seconds",
    help: "How long the most overdue pending mail has been due (0 when none is)",
    read: async () => (await read()).overdueSeconds,
  });
  gauge({
    name: "atelier_mail_outbox_failed",
    help: "Mail that failed for good (listed on the admin's settings page)",
    read: async () => (await read()).failed,
  });
  gauge({ name: "atelier_live_streams", help: "Live-event streams open on this instance", read: () => live.subscribers() });
  gauge({
    name: "atelier_live_bus_connected",
    help: "1 while live events reach the other instances",
    read: () => (live.connected() ? 1 : 0),
  });
}
