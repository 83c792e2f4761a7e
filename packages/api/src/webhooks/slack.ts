// Webhook events as Slack-compatible incoming-webhook messages (docs/webhooks.md, "Slack and other chats"): a line or
// two a person reads in a channel, with links into the app. Written here rather than with a Slack library: the body
// is one `text` field, and Slack's rules for it are three escapes and the <url|label> link form.
import { formatInvoiceDate, formatMoney, plural } from "@atelier/domain";

/** What of a comment a message quotes; the link leads to the rest. */
const QUOTE_MAX_CHARS = 600;
/** How many file names a message lists before "and N more". */
const FILES_LISTED = 3;

/** Text as Slack shows it literally: &, < and > are its control characters (api.slack.com, "Escaping text"). */
export const slackText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A link with a label; the URL may not hold the characters that end one. */
export const slackLink = (url: string, label: string) => `<${url.replace(/[<>|]/g, (c) => encodeURIComponent(c))}|${slackText(label)}>`;

/** A comment quoted under the line that tells of it, clipped, each of its lines marked as quoted. */
function quote(body: string): string {
  const trimmed = body.trim();
  const clipped = trimmed.length > QUOTE_MAX_CHARS ? `${trimmed.slice(0, QUOTE_MAX_CHARS - 1).trimEnd()}…` : trimmed;
  return clipped
    .split("\n")
    .map((line) => `> ${slackText(line)}`)
    .join("\n");
}

interface Project {
  title: string;
  url: string;
  business: { name: string | null };
}

const on = (project: Project, url = project.url) =>
  `${slackLink(url, project.title)}${project.business.name ? ` (${slackText(project.business.name)})` : ""}`;

export const slackMessages = {
  projectCreated: (actor: string, d: { project: Project & { dueOn: string | null } }) =>
    `${slackText(actor)} started ${on(d.project)}${d.project.dueOn ? `, due ${formatInvoiceDate(d.project.dueOn)}` : ""}`,

  commentCreated: (actor: string, d: { comment: { body: string; internal: boolean; url: string }; project: Project }) =>
    `${slackText(actor)} ${d.comment.internal ? "wrote an internal note on" : "commented on"} ${on(d.project, d.comment.url)}\n${quote(d.comment.body)}`,

  proofSent: (
    actor: string,
    d: { proof: { round: number; url: string; dueOn: string | null; files: readonly unknown[] }; project: Project },
  ) =>
    `${slackText(actor)} sent round ${d.proof.round} of ${on(d.project, d.proof.url)} for review: ${plural(d.proof.files.length, "file")}${
      d.proof.dueOn ? `, a decision by ${formatInvoiceDate(d.proof.dueOn)}` : ""
    }`,

  proofDecided: (
    actor: string,
    d: { decision: "approved" | "changes_requested"; proof: { round: number; url: string }; comment: { body: string }; project: Project },
  ) =>
    d.decision === "approved"
      ? `${slackText(actor)} approved round ${d.proof.round} of ${on(d.project, d.proof.url)}`
      : `${slackText(actor)} asked for changes to round ${d.proof.round} of ${on(d.project, d.proof.url)}\n${quote(d.comment.body)}`,

  invoiceSent: (
    actor: string,
    d: {
      invoice: {
        number: string;
        kind: string;
        currency: string;
        total: number;
        url: string;
        dueAt: string | null;
        business: { name: string | null };
      };
    },
  ) =>
    `${slackText(actor)} sent ${d.invoice.kind === "credit_note" ? "credit note" : "invoice"} ${slackLink(d.invoice.url, d.invoice.number)}${
      d.invoice.business.name ? ` to ${slackText(d.invoice.business.name)}` : ""
    }: ${formatMoney(d.invoice.total, d.invoice.currency)}${d.invoice.dueAt ? `, due ${formatInvoiceDate(d.invoice.dueAt)}` : ""}`,

  invoicePaid: (
    actor: string,
    d: { invoice: { number: string; currency: string; total: number; url: string; paidOn: string; business: { name: string | null } } },
  ) =>
    `${slackText(actor)} marked invoice ${slackLink(d.invoice.url, d.invoice.number)}${
      d.invoice.business.name ? ` of ${slackText(d.invoice.business.name)}` : ""
    } paid on ${formatInvoiceDate(d.invoice.paidOn)}: ${formatMoney(d.invoice.total, d.invoice.currency)}`,

  filesAdded: (actor: string, d: { files: readonly { name: string }[]; project: Project }) => {
    const names = d.files.slice(0, FILES_LISTED).map((f) => slackText(f.name));
    const more = d.files.length - names.length;
    return `${slackText(actor)} added ${plural(d.files.length, "file")} to ${on(d.project)}: ${names.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
  },
};
