// /api/events: a server-sent event stream that tells a signed-in page about new comments it may see.
import { getSessionUser } from "@atelier/auth";
import { canReceiveLiveEvent, liveStreamHolds } from "@atelier/domain";
import { getServer } from "~/server/server";
import { onStopEndStream } from "~/server/shutdown";
import { REALTIME_HEARTBEAT_INTERVAL_MS, REALTIME_RECONNECT_DELAYS_MS, REALTIME_SESSION_CHECK_MS } from "~/settings";

export const dynamic = "force-dynamic";

export async function GET(req: Request): Promise<Response> {
  const server = await getServer();
  const sessionUser = () => getSessionUser(server.db, req.headers.get("cookie"), new Date());
  const user = await sessionUser();
  if (!user) return Response.json({ error: { code: "UNAUTHORIZED", message: "Sign in to continue." } }, { status: 401 });
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const end = () => {
        if (!open) return;
        open = false;
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          end();
        }
      };
      // The stream lasts only as long as the session that opened it: signed out, expired, deleted, or
      // given another role or business, it ends (a failed look-up too), and the page reconnects as whoever it is now.
      const sessionHolds = async () => {
        const holds = liveStreamHolds(user, await sessionUser().catch(() => null));
        if (!holds) end();
        return holds;
      };
      send(`retry: ${REALTIME_RECONNECT_DELAYS_MS[0]}\n\n`);
      // Events go out one after another, each once the session has been looked up again.
      let sending = Promise.resolve();
      const unsubscribe = server.live.subscribe((event) => {
        if (!canReceiveLiveEvent(user, event)) return;
        sending = sending.then(async () => {
          if (open && (await sessionHolds()))
            send(`event: ${event.type}\ndata: ${JSON.stringify({ projectId: event.projectId, commentId: event.commentId })}\n\n`);
        });
      });
      const check = setInterval(() => void sessionHolds(), REALTIME_SESSION_CHECK_MS);
      // Comments keep proxies from closing an idle stream.
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), REALTIME_HEARTBEAT_INTERVAL_MS);
      // A graceful stop of this instance: the page is told to come back soon (to another instance), and the stream ends.
      const forget = onStopEndStream(() => {
        send(`retry: ${REALTIME_RECONNECT_DELAYS_MS[0]}\n\n`);
        end();
      });
      stop = () => {
        forget();
        unsubscribe();
        clearInterval(check);
        clearInterval(heartbeat);
      };
      req.signal.addEventListener("abort", end);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
  });
}
