// The mail a guest reviewer gets: the one-time code that opens a shared round (docs/guest-review.md).
import { GUEST_CODE_TTL_MS, PRODUCT_NAME } from "@atelier/domain";
import { escapeHtml } from "./html";
import type { Mail } from "./mailer";

export function guestCodeMail(input: { to: string; name: string; code: string; what: string }): Mail {
  const minutes = GUEST_CODE_TTL_MS / 60_000;
  const subject = `${input.code} is your code to review ${input.what}`;
  const text = `Hello ${input.name},\n\nYour code to review ${input.what} in ${PRODUCT_NAME}: ${input.code}\n\nIt works once, for ${minutes} minutes. If you did not ask for it, you can safely ignore this e-mail.\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<p>Hello ${escapeHtml(input.name)},</p>
<p>Your code to review ${escapeHtml(input.what)} in ${escapeHtml(PRODUCT_NAME)}:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:600">${escapeHtml(input.code)}</p>
<p style="color:#666">It works once, for ${minutes} minutes. If you did not ask for it, you can safely ignore this e-mail.</p>
</body>`;
  return { to: input.to, subject, text, html };
}
