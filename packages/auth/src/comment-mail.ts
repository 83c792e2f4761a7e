// The e-mail that tells someone about a new comment on one of their projects.
import { eventLabel, PRODUCT_NAME, projectDisplayName } from "@atelier/domain";
import type { Mail } from "./mailer";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function commentMail(input: {
  to: string;
  author: string;
  event: string | null;
  projectName: string;
  body: string;
  url: string;
}): Mail {
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
