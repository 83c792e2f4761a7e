// calendar.*: the caller's private calendar feed (docs/calendar-feed.md).
import { calendarFeedState, newCalendarFeed, revokeCalendarFeed } from "../calendar-feed";
import { protectedProcedure, router } from "../trpc";

export const calendarRouter = router({
  /** Whether the caller has a feed address, since when, and when a calendar last read it; never the address. */
  feed: protectedProcedure.query(({ ctx }) => calendarFeedState(ctx.db, ctx.user.id)),

  /** A new address, answered this once; the caller's previous address stops working at once. */
  createFeed: protectedProcedure.mutation(({ ctx }) => newCalendarFeed(ctx.db, ctx.user.id, ctx.now(), ctx.mail?.appUrl)),

  revokeFeed: protectedProcedure.mutation(async ({ ctx }) => ({ revoked: await revokeCalendarFeed(ctx.db, ctx.user.id) })),
});
