// The mail a round's reviewer gets when their step starts, and the reminders before its deadline
// (docs/approval-chains.md): what waits for them, by which day, and a button that opens the round (for a guest,
// their review link; for people with an account, the project's page).
import { deadlineLabel, PRODUCT_NAME, type ReviewerRole, type ReviewReminder } from "@atelier/domain";
import { escapeHtml } from "./html";
import type { Mail } from "./mailer";

interface ReviewMailInput {
  to: string;
  projectTitle: string;
  round: number;
  role: ReviewerRole;
  url: string;
  guest: boolean;
  /** The day the decision is due, when the round or its step has one. */
  dueOn?: string | null;
}

function reviewMail(input: ReviewMailInput, lead: string): Mail {
  const what = `Round ${input.round} of ${input.projectTitle}`;
  const by = input.dueOn ? ` by ${deadlineLabel(input.dueOn)}` : "";
  const subject = input.role === "approver" ? `${what} is waiting for your decision${by}` : `${what} is waiting for your comments${by}`;
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

export function reviewStepMail(input: ReviewMailInput): Mail {
  const lead =
    input.role === "approver"
      ? "You are one of its approvers: approve it, approve it with changes, ask for changes, or say it is not for you."
      : "You are one of its reviewers: your comments and pins help its approvers decide.";
  return reviewMail(input, lead);
}

/** A reminder to someone who has not decided yet, the day before the deadline or on the day (in their zone). */
export function reviewReminderMail(input: ReviewMailInput & { dueOn: string; kind: ReviewReminder }): Mail {
  const when = input.kind === "due_today" ? "That is today." : "That is tomorrow.";
  return reviewMail(input, `${when} Your decision is still open: approve it, approve it with changes, or ask for changes.`);
}
