// The EPC QR code ("GiroCode"): a SEPA credit transfer a banking app fills in from a photo of the invoice (EPC069-12,
// version 002). Printed on an invoice in euros when the studio has an IBAN: the payee, the account, the balance due
// and the invoice's number as the remittance text.

/** The most the standard lets a transfer in a QR code ask for, in cents. */
const EPC_MAX_CENTS = 99_999_999_999;

/** The text a QR code carries for `transfer`, or null when none may be made (not euros, no IBAN, nothing to pay). */
export function epcPayload(transfer: {
  name: string;
  iban: string;
  bic: string;
  currency: string;
  /** In cents. */
  amount: number;
  /** What the payer's bank shows the studio: the invoice's number. */
  text: string;
}): string | null {
  if (transfer.currency !== "EUR" || !transfer.iban || transfer.amount <= 0 || transfer.amount > EPC_MAX_CENTS) return null;
  const euros = `${Math.floor(transfer.amount / 100)}.${String(transfer.amount % 100).padStart(2, "0")}`;
  // Version 002, UTF-8 (1), SEPA credit transfer; the BIC may be left out within the EEA. The name is at most 70
  // characters and the text 140, and the whole at most 331 bytes: a text of many-byte letters is cut to fit.
  const head = ["BCD", "002", "1", "SCT", transfer.bic, clip(transfer.name, 70), transfer.iban, `EUR${euros}`, "", ""].join("\n");
  let text = [...clip(transfer.text, 140)];
  while (text.length > 0 && bytes(`${head}\n${text.join("")}`) > EPC_MAX_BYTES) text = text.slice(0, -1);
  return `${head}\n${text.join("")}`;
}

/** The most bytes a payload may have. */
const EPC_MAX_BYTES = 331;
const bytes = (text: string) => new TextEncoder().encode(text).length;
/** One line of at most `max` characters (code points), its spaces and breaks made single spaces. */
const clip = (text: string, max: number) => [...text.replace(/\s+/g, " ").trim()].slice(0, max).join("");
