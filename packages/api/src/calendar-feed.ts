// Private calendar feeds (docs/calendar-feed.md): a secret address per person that calendar apps subscribe to, of
// the due dates of the projects and proof rounds they are involved in. The address holds a random token; only its
// SHA-256 is stored, so a new address revokes the old one and a lost one cannot be read back.
import { calendarDates, type Db, deleteCalendarFeed, findCalendarFeed, readCalendarFeedOwner, replaceCalendarFeed } from "@atelier/db";
import { addDays, CALENDAR_FEED_PAST_DAYS, calendarScopeOf, PROJECT_STAGES, PROOF_STATUSES, proofRoundHref, utcDay } from "@atelier/domain";
import ical from "ical-generator";
import { newSecret, sha256Hex } from "./guest-review";

const FEED_PATH = "/api/calendar/";
const SUFFIX = ".ics";

function feedUrl(appUrl: string | undefined, token: string): string {
  return `${(appUrl ?? "").replace(/\/+$/, "")}${FEED_PATH}${token}${SUFFIX}`;
}

/** A new address for the person's feed, shown once: the one they had stops working at once. */
export async function newCalendarFeed(db: Db, userId: string, at: Date, appUrl: string | undefined): Promise<{ url: string }> {
  const token = newSecret();
  await replaceCalendarFeed(db, userId, sha256Hex(token), at);
  return { url: feedUrl(appUrl, token) };
}

export async function calendarFeedState(db: Db, userId: string) {
  const feed = await findCalendarFeed(db, userId);
  return feed ? { active: true as const, createdAt: feed.createdAt, lastReadAt: feed.lastReadAt } : { active: false as const };
}

export const revokeCalendarFeed = deleteCalendarFeed;

/** GET /api/calendar/<token>.ics: the feed, or 404 for an address that is unknown, revoked, or of a deactivated person. */
export function createCalendarFeedHandler(deps: { db: Db; appUrl: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const site = deps.appUrl.replace(/\/+$/, "");
  return async (_req: Request, param: string): Promise<Response> => {
    const token = param.endsWith(SUFFIX) ? param.slice(0, -SUFFIX.length) : param;
    const notFound = () => new Response("No such calendar.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    // newSecret's form: 32 bytes in base64url. Anything else is not an address we gave out.
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return notFound();
    const at = now();
    const owner = await readCalendarFeedOwner(deps.db, sha256Hex(token), at);
    if (!owner) return notFound();
    const scope = calendarScopeOf(owner);
    const dates = scope
      ? await calendarDates(deps.db, scope, addDays(utcDay(at), -CALENDAR_FEED_PAST_DAYS))
      : { projects: [], rounds: [], steps: [] };

    const calendar = ical({ name: "Atelier", prodId: { company: "Atelier", product: "Atelier", language: "EN" } });
    for (const p of dates.projects) {
      const url = `${site}/projects/${encodeURIComponent(p.id)}`;
      calendar.createEvent({
        id: `project-${p.id}@atelier`,
        start: p.dueOn,
        allDay: true,
        summary: `Due: ${p.title}`,
        description: `${p.businessName} · ${PROJECT_STAGES[p.stage]}\n${url}`,
        url,
        stamp: at,
      });
    }
    for (const r of dates.rounds) {
      const url = `${site}/projects/${encodeURIComponent(r.projectId)}`;
      calendar.createEvent({
        id: `proof-${r.id}@atelier`,
        start: r.dueOn,
        allDay: true,
        summary: `Decision due: round ${r.round} of ${r.title}`,
        description: `${r.businessName} · ${PROOF_STATUSES[r.status]}\n${url}`,
        url,
        stamp: at,
      });
    }
    for (const s of dates.steps) {
      const url = `${site}${proofRoundHref(s.projectId, s.round)}`;
      calendar.createEvent({
        id: `proof-${s.id}-step-${s.step}@atelier`,
        start: s.dueOn,
        allDay: true,
        summary: `Step ${s.step} due: round ${s.round} of ${s.title}`,
        description: `${s.businessName} · the approvers of step ${s.step} decide by this day\n${url}`,
        url,
        stamp: at,
      });
    }
    return new Response(calendar.toString(), {
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="atelier.ics"',
        // The address is the secret: no shared cache may keep what it answers.
        "cache-control": "private, no-store",
        "referrer-policy": "no-referrer",
      },
    });
  };
}
