// The e-mails about a project's thread: a notice that asks someone to act (a project started, a proof to approve,
// changes asked, an approval), sent at once and on its own, and the gathered mail of conversation.
import {
  type CommentDigestItem,
  commentNotice,
  eventLabel,
  formatTimeWithZone,
  isInternalNote,
  PRODUCT_NAME,
  projectDisplayName,
  type TimePrefs,
} from "@atelier/domain";
import { escapeHtml } from "./html";
import type { Mail } from "./mailer";

/** The project's title as typed; an item gathered before titles were kept shows its stored name as words. */
function projectTitleOf(item: { projectName: string; projectTitle?: string | undefined }): string {
  return item.projectTitle ?? projectDisplayName(item.projectName);
}

/** Who reads it: the studio is told what happened and what the client was asked; the client what to do. */
interface CommentMailAudience {
  staff: boolean;
  /** The reader's zone and clock: each comment says when it was posted, the zone named (a mail has no hover). */
  time: TimePrefs;
}

/** "Ada Lovelace, Nov 28, 2026, 17:30 CET": who wrote it and when, for this reader; older items had no time. */
function byline(item: CommentDigestItem, who: string, time: TimePrefs): string {
  return item.postedAt ? `${who}, ${formatTimeWithZone(new Date(item.postedAt), time)}` : who;
}

const quoted = (title: string) => `“${title}”`;
const FOOTER = "You can change how often these e-mails come, or turn them off, under Email Notifications in your account menu.";
const INTERNAL = "Internal note: only the studio sees it, never the client.";

/** The words of one comment's mail: its subject (what happened, or what to do), its button, and a note above it. */
function wording(item: CommentDigestItem, audience: CommentMailAudience): { subject: string; button: string; lead: string } {
  const title = quoted(projectTitleOf(item));
  const round = item.round === undefined ? "" : `round ${item.round} of `;
  const openRound = item.round === undefined ? "Open the project" : `Open round ${item.round}`;
  switch (commentNotice(item)) {
    case "project_started":
      return { subject: `${item.author} started a new project: ${title}`, button: "Open the project", lead: "A project was started." };
    case "briefing":
      return { subject: `The brief for ${title} is complete`, button: "Open the brief", lead: `${item.author} completed the brief.` };
    case "proof_sent": {
      const n = item.round === undefined ? "A new round" : `Round ${item.round}`;
      return audience.staff
        ? { subject: `${n} of ${title} was sent for approval`, button: openRound, lead: `${item.author} sent it to the client.` }
        : {
            subject: `${n} of ${title} is ready for your approval`,
            button: item.round === undefined ? "Review the proof" : `Review round ${item.round}`,
            lead: "Approve it, or ask for changes.",
          };
    }
    case "modification":
      return { subject: `${item.author} asked for changes to ${round}${title}`, button: openRound, lead: "Changes were asked for." };
    case "approved":
      return { subject: `${item.author} approved ${round}${title}`, button: openRound, lead: "The proof was approved." };
    case "reopened":
      return { subject: `${item.author} reopened ${title}`, button: "Open the project", lead: "The project was reopened." };
    default:
      return isInternalNote(item.event)
        ? { subject: `Internal note on ${title} from ${item.author}`, button: "Open the note", lead: INTERNAL }
        : { subject: `${item.author} commented on ${title}`, button: "Open the comment", lead: "" };
  }
}

const button = (url: string, label: string) =>
  `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
const internalTag = `<span style="display:inline-block;padding:1px 6px;border-radius:4px;background:#fef3c7;color:#92400e;font-size:12px;font-weight:600">Internal</span>`;
const quote = (body: string) =>
  `<blockquote style="border-left:3px solid #ccc;margin:0 0 12px;padding-left:12px;white-space:pre-wrap">${escapeHtml(body)}</blockquote>`;

/** One comment's mail: a notice, or a single comment of a conversation. */
function commentMail(to: string, item: CommentDigestItem, audience: CommentMailAudience): Mail {
  const words = wording(item, audience);
  const internal = isInternalNote(item.event);
  const author = byline(item, item.author, audience.time);
  const text = `${words.subject}\n\n${words.lead ? `${words.lead}\n\n` : ""}${author}:\n${item.body}\n\n${words.button}: ${item.url}\n\n${FOOTER}\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<h1 style="font-size:20px">${internal ? `${internalTag} ` : ""}${escapeHtml(words.subject)}</h1>
${words.lead ? `<p>${escapeHtml(words.lead)}</p>` : ""}
<p><strong>${escapeHtml(author)}</strong>:</p>
${quote(item.body)}
${button(item.url, words.button)}
<p style="color:#666;font-size:12px">${escapeHtml(FOOTER)}</p>
</body>`;
  return { to, subject: `${internal ? "[Internal] " : ""}${words.subject} — ${PRODUCT_NAME}`, text, html };
}

/**
 * The mail made of comments gathered for one person (those they may still see: currentCommentDigest): one comment reads
 * as its own mail; several on one project become one mail about that project; a daily summary lists each project's
 * comments. Internal notes are marked as such wherever they appear.
 */
export function commentDigestMail(to: string, items: readonly CommentDigestItem[], audience: CommentMailAudience): Mail {
  const [first] = items;
  if (!first) throw new Error("a digest needs at least one comment");
  if (items.length === 1) return commentMail(to, first, audience);
  const byProject = new Map<string, CommentDigestItem[]>();
  for (const item of items) byProject.set(item.projectName, [...(byProject.get(item.projectName) ?? []), item]);
  const projects = [...byProject.values()].map((list) => projectTitleOf(list[0] ?? { projectName: "" }));
  const internal = items.filter((i) => isInternalNote(i.event)).length;
  const subject = `${items.length} new comments on ${byProject.size === 1 ? quoted(projects[0] ?? "") : `${byProject.size} projects`}${
    internal ? ` (${internal} internal)` : ""
  } — ${PRODUCT_NAME}`;
  const sections = [...byProject.values()].map((list) => ({
    project: projectTitleOf(list[0] ?? { projectName: "" }),
    url: list[list.length - 1]?.url ?? "",
    lines: list.map((i) => ({
      who: byline(i, `${i.author} ${commentNotice(i) ? eventLabel(i.event) : "wrote"}`, audience.time),
      internal: isInternalNote(i.event),
      body: i.body,
    })),
  }));
  const text = `${sections
    .map(
      (s) =>
        `${s.project}\n\n${s.lines.map((l) => `${l.internal ? "[Internal note] " : ""}${l.who}:\n${l.body}`).join("\n\n")}\n\nOpen it in ${PRODUCT_NAME}: ${s.url}`,
    )
    .join("\n\n---\n\n")}\n\n${FOOTER}\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
${sections
  .map(
    (s) => `<h2 style="font-size:16px">${escapeHtml(quoted(s.project))}</h2>
${s.lines.map((l) => `<p>${l.internal ? `${internalTag} ` : ""}<strong>${escapeHtml(l.who)}</strong>:</p>${quote(l.body)}`).join("\n")}
${button(s.url, `Open ${quoted(s.project)}`)}`,
  )
  .join("\n<hr>\n")}
<p style="color:#666;font-size:12px">${escapeHtml(FOOTER)}</p>
</body>`;
  return { to, subject, text, html };
}
