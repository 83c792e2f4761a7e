// A pin's moment as the API takes it (media-time.ts has the rules): apart, so a page that shows a timecode does not
// load zod with it (docs/performance.md).
import { z } from "zod";

/** The longest a proof's video or sound may run for a comment to be pinned in it: a day. */
const MEDIA_MAX_SECONDS = 24 * 60 * 60;

/** A moment of a video or sound, in seconds from its start. */
export const mediaTimeInput = z.number().min(0).max(MEDIA_MAX_SECONDS);
