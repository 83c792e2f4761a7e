// /api/events: a server-sent event stream that tells a signed-in page about new comments it may see.
import { getSessionUser } from "@atelier/auth";
import { canReceiveLiveEvent, REALTIME_HEARTBEAT_INTERVAL_MS, REALTIME_RECONNECT_DELAYS_MS } from "@atelier/domain";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

export async function GET(req: Request): Promise<Response> {
  const server = await getServer();
  const user = await getSessionUser(server.db, req.headers.get("cookie"), new Date());
  if (!user) return Response.json({ error: { code: "UNAUTHORIZED", message: "Sign in to continue." } }, { status: 401 });
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      send(`retry: ${REALTIME_RECONNECT_DELAYS_MS[0]}\n\n`);
      const unsubscribe = server.live.subscribe((event) => {
        if (canReceiveLiveEvent(user, event))
          send(`event: ${event.type}\ndata: ${JSON.stringify({ projectId: event.projectId, commentId: event.commentId })}\n\n`);
      });
      // Comments keep proxies from closing an idle stream.
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), REALTIME_HEARTBEAT_INTERVAL_MS);
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
      };
      req.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
}
