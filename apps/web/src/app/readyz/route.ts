// /readyz: whether this process can serve (README, "Monitoring"): the database answers and its schema is this
// release's, this instance's mail worker runs, the object store answers. 200 when every check passes, else 503; each
// check says only ok or failing (what failed is in the process's log). No session; nothing cached.
import { readiness } from "@atelier/api";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const headers = { "cache-control": "no-store" };
  let server: Awaited<ReturnType<typeof getServer>>;
  try {
    server = await getServer();
  } catch {
    // Not started (the database was unreachable when it tried): nothing is ready.
    const checks = { database: "failing", migrations: "failing", mail: "failing", storage: "failing" };
    return Response.json({ status: "failing", checks }, { status: 503, headers });
  }
  const { ready, checks } = await readiness({ db: server.db, outbox: server.outbox, store: server.files.store });
  return Response.json({ status: ready ? "ok" : "failing", checks }, { status: ready ? 200 : 503, headers });
}
