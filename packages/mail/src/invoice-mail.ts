// The mails of billing: an invoice (or credit note) sent with its PDF, and the one reminder of an overdue invoice.
import { formatInvoiceDate, formatMoney, type InvoiceKind } from "@atelier/domain";
import { escapeHtml } from "./html";
import type { Mail } from "./mailer";

interface InvoiceFacts {
  to: string;
  studio: string;
  number: string;
  kind: InvoiceKind;
  total: number;
  currency: string;
  dueAt: string | null;
  /** Where the business reads this invoice, under Billing. */
  url: string;
  /** Where the studio takes payments online, if it does: a second button. */
  paymentLink?: string;
}

const BUTTON = "display:inline-block;padding:10px 18px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0";

/** A mail of `paragraphs` and its buttons, the first the main one. */
function mail(to: string, subject: string, paragraphs: string[], buttons: [label: string, url: string][]): Mail {
  const text = `${paragraphs.join("\n\n")}\n\n${buttons.map(([label, url]) => `${label}: ${url}`).join("\n")}\n`;
  const html = `<body style="font-family:system-ui,sans-serif;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p>${buttons
    .map(
      ([label, url], i) =>
        `<a href="${escapeHtml(url)}" style="${BUTTON};${i === 0 ? "background:#111;color:#fff" : "border:1px solid #111;color:#111"}">${escapeHtml(label)}</a>`,
    )
    .join("")}</p>
</body>`;
  return { to, subject, text, html };
}

export function invoiceMail(input: InvoiceFacts): Mail {
  const total = formatMoney(input.total, input.currency);
  if (input.kind === "credit_note") {
    return mail(
      input.to,
      `Credit note ${input.number} from ${input.studio}`,
      [`${input.studio} credits you ${formatMoney(-input.total, input.currency)} with credit note ${input.number}, attached as a PDF.`],
      [[`View credit note ${input.number}`, input.url]],
    );
  }
  const due = input.dueAt ? `, due ${formatInvoiceDate(input.dueAt)}` : "";
  return mail(
    input.to,
    `Invoice ${input.number} from ${input.studio}`,
    [`${input.studio} sent you invoice ${input.number} for ${total}${due}. The invoice is attached as a PDF.`],
    [[`View invoice ${input.number}`, input.url], ...payOnline(input)],
  );
}

export function invoiceReminderMail(input: InvoiceFacts & { balance: number }): Mail {
  return mail(
    input.to,
    `Reminder: invoice ${input.number} is overdue`,
    [
      `Invoice ${input.number} from ${input.studio} was due ${input.dueAt ? formatInvoiceDate(input.dueAt) : "earlier"}, and ${formatMoney(input.balance, input.currency)} is still open.`,
      "If you have paid it already, thank you, and please disregard this reminder.",
    ],
    [[`View invoice ${input.number}`, input.url], ...payOnline(input)],
  );
}

const payOnline = (input: InvoiceFacts): [string, string][] => (input.paymentLink ? [["Pay online", input.paymentLink]] : []);
