// The mail a round's reviewer gets when their step starts (docs/approval-chains.md): what waits for them, and a
// button that opens the round (for a guest, their review link; for people with an account, the project's page).
import { PRODUCT_NAME, type ReviewerRole } from "@atelier/domain";
import { escapeHtml } from "./html";
import type { Mail } from "./mailer";

export function reviewStepMail(input: {
  to: string;
  projectTitle: string;
  round: number;
  role: ReviewerRole;
  url: string;
  guest: boolean;
}): Mail {
  const what = `Round ${input.round} of ${input.projectTitle}`;
  const subject = input.role === "approver" ? `${what} is waiting for your decision` : `${what} is waiting for your comments`;
  const lead =
    input.role === "approver"
      ? "You are one of its approvers: approve it, approve it with changes, ask for changes, or say it is not for you."
      : "You are one of its reviewers: your comments and pins help its approvers decide.";
  const how = input.guest ? "The link asks for your name and sends you a one-time code to this address." : "";
  const text = `${subject}\n\n${lead}\n${how ? `${how}\n` : ""}\nOpen the round: ${input.url}\n\n${PRODUCT_NAME}\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(lead)}</p>
${how ? `<p style="color:#666">${escapeHtml(how)}</p>` : ""}
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Open the round</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(PRODUCT_NAME)}</p>
</body>`;
  return { to: input.to, subject, text, html };
}
