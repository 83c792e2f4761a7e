// The e-mail that tells someone about a new comment on one of their projects.
import { type CommentDigestItem, eventLabel, PRODUCT_NAME, projectDisplayName } from "@atelier/domain";
import { escapeHtml } from "./html";
import type { Mail } from "./mailer";

function commentMail(input: { to: string; author: string; event: string | null; projectName: string; body: string; url: string }): Mail {
  const project = projectDisplayName(input.projectName);
  const line = `${input.author} ${eventLabel(input.event)} ${project}`;
  const text = `${line}:\n\n${input.body}\n\nOpen it in ${PRODUCT_NAME}: ${input.url}\n\nYou can turn these e-mails off under Email Notifications in your account menu.\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<p><strong>${escapeHtml(input.author)}</strong> ${escapeHtml(eventLabel(input.event))} <strong>${escapeHtml(project)}</strong>:</p>
<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px;white-space:pre-wrap">${escapeHtml(input.body)}</blockquote>
<p><a href="${escapeHtml(input.url)}">Open it in ${escapeHtml(PRODUCT_NAME)}</a></p>
<p style="color:#666;font-size:12px">You can turn these e-mails off under Email Notifications in your account menu.</p>
</body>`;
  return { to: input.to, subject: `${line} — ${PRODUCT_NAME}`, text, html };
}

/**
 * The mail made of comments gathered for one person (those they may still see: currentCommentDigest): one comment reads as commentMail; several on one
 * project become one mail about that project; a daily summary lists each project's comments.
 */
export function commentDigestMail(to: string, items: readonly CommentDigestItem[]): Mail {
  const [first] = items;
  if (!first) throw new Error("a digest needs at least one comment");
  if (items.length === 1) return commentMail({ to, ...first });
  const byProject = new Map<string, CommentDigestItem[]>();
  for (const item of items) byProject.set(item.projectName, [...(byProject.get(item.projectName) ?? []), item]);
  const projects = [...byProject.keys()].map(projectDisplayName);
  const subject =
    byProject.size === 1
      ? `${items.length} new comments on ${projects[0]} — ${PRODUCT_NAME}`
      : `${items.length} new comments on ${byProject.size} projects — ${PRODUCT_NAME}`;
  const sections = [...byProject.values()].map((list) => ({
    project: projectDisplayName(list[0]?.projectName ?? ""),
    url: list[list.length - 1]?.url ?? "",
    lines: list.map((i) => ({ who: `${i.author} ${eventLabel(i.event)}`, body: i.body })),
  }));
  const text = `${sections
    .map((s) => `${s.project}\n\n${s.lines.map((l) => `${l.who}:\n${l.body}`).join("\n\n")}\n\nOpen it in ${PRODUCT_NAME}: ${s.url}`)
    .join("\n\n---\n\n")}\n\nYou can change how often these e-mails come under Email Notifications in your account menu.\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
${sections
  .map(
    (s) => `<h2 style="font-size:16px">${escapeHtml(s.project)}</h2>
${s.lines
  .map(
    (l) =>
      `<p><strong>${escapeHtml(l.who)}</strong>:</p><blockquote style="border-left:3px solid #ccc;margin:0 0 12px;padding-left:12px;white-space:pre-wrap">${escapeHtml(l.body)}</blockquote>`,
  )
  .join("\n")}
<p><a href="${escapeHtml(s.url)}">Open it in ${escapeHtml(PRODUCT_NAME)}</a></p>`,
  )
  .join("\n<hr>\n")}
<p style="color:#666;font-size:12px">You can change how often these e-mails come under Email Notifications in your account menu.</p>
</body>`;
  return { to, subject, text, html };
}
