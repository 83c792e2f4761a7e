// The mails about getting in: the sign-in link someone asked for, an admin's invitation, and the notice
// admins get when someone signs up alone. Auth makes the links and decides when these go; mail writes them.
import { PRODUCT_NAME } from "@atelier/domain";
import { escapeHtml } from "./html";
import type { Mail } from "./mailer";

export function magicLinkMail(to: string, url: string, host: string): Mail {
  const subject = `Sign in to ${PRODUCT_NAME}`;
  const text = `Sign in to ${PRODUCT_NAME} (${host}):\n${url}\n\nIf you did not request this e-mail you can safely ignore it.\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<h1 style="font-size:20px">Sign in to ${escapeHtml(PRODUCT_NAME)}</h1>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Sign in</a></p>
<p style="color:#666">If you did not request this e-mail you can safely ignore it.</p>
</body>`;
  return { to, subject, text, html };
}

export function invitationMail(input: { to: string; inviter: string; link: string }): Mail {
  const subject = `${input.inviter} invited you to ${PRODUCT_NAME}`;
  const text = `${input.inviter} gave you access to ${PRODUCT_NAME}, where your design requests, files and invoices live.\n\nSign in:\n${input.link}\n\nThe link works once and for seven days; after that, ask for a new one on the sign-in page with this address.\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(input.inviter)} gave you access to ${escapeHtml(PRODUCT_NAME)}, where your design requests, files and invoices live.</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Sign in</a></p>
<p style="color:#666">The link works once and for seven days; after that, ask for a new one on the sign-in page with this address.</p>
</body>`;
  return { to: input.to, subject, text, html };
}

/** To an admin: someone signed up alone and waits to be linked to their business on Users. */
export function signUpMail(input: { to: string; email: string; usersUrl: string }): Mail {
  const subject = `${input.email} signed up and waits for a business — ${PRODUCT_NAME}`;
  const text = `${input.email} signed up to ${PRODUCT_NAME} on their own. Until you link them to their business on the Users page, they see no projects.\n\n${input.usersUrl}\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<p><strong>${escapeHtml(input.email)}</strong> signed up to ${escapeHtml(PRODUCT_NAME)} on their own. Until you link them to their business on the Users page, they see no projects.</p>
<p><a href="${escapeHtml(input.usersUrl)}">Open Users</a></p>
</body>`;
  return { to: input.to, subject, text, html };
}
