// /healthz: the process is alive and answers (README, "Monitoring"). No session, no detail, nothing cached.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
