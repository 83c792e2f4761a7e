// /api/calendar/<token>.ics: a person's private calendar feed (docs/calendar-feed.md); the address is the key.
import { createCalendarFeedHandler } from "@atelier/api";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof createCalendarFeedHandler> | undefined;

export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const server = await getServer();
  handler ??= createCalendarFeedHandler({ db: server.db, appUrl: server.config.APP_URL });
  return handler(req, (await params).token);
}
