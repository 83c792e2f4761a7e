// Who an invoice is from, in the words the law and EN 16931 use (docs/invoices.md, "Legal details"): the studio's
// legal name, postal address and country, a tax or VAT identifier, and a way to be paid (a bank account by IBAN, or
// a payment link). An invoice is not sent while any of these is missing: the refusal names what is.
import { VAT_CATEGORY_FACTS, type VatCategory } from "./vat";

/** ISO 3166-1 alpha-2 country codes (EN 16931 BT-40, BT-55). */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC " +
  "CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD " +
  "GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH " +
  "KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW " +
  "MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC " +
  "SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY " +
  "UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

/** Letters and digits only, upper case: how IBANs, BICs and VAT identifiers are compared and kept. */
export const compact = (text: string) => text.replace(/[\s.\-/]/g, "").toUpperCase();

/** Whether `iban` (compacted) is one: two letters, two check digits, the account; its check digits right (ISO 13616). */
export function isIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** An IBAN as printed and shown: in groups of four (it is kept compact). */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, "$1 ");

/** What the studio's legal details hold (the billing profile's). */
export interface StudioLegalDetails {
  legalName: string;
  address: string;
  postcode: string;
  city: string;
  country: string;
  taxNumber: string;
  vatId: string;
  iban: string;
  paymentLink: string;
}

/**
 * What is missing of the studio's legal details for an invoice with lines in `categories` to be sent, as words for a
 * sentence; none when complete. An intra-community supply needs the VAT ID itself, not a tax number (BR-IC-02).
 */
export function studioLegalGaps(studio: StudioLegalDetails, categories: Iterable<VatCategory> = []): string[] {
  const blank = (text: string) => text.trim() === "";
  const gaps: string[] = [];
  if (blank(studio.legalName)) gaps.push("legal name");
  if (blank(studio.address) || blank(studio.city)) gaps.push("address");
  if (blank(studio.country)) gaps.push("country");
  if (blank(studio.vatId) && blank(studio.taxNumber)) gaps.push("VAT or tax ID");
  else if (blank(studio.vatId) && new Set(categories).has("intra_community")) gaps.push("VAT ID (an intra-community supply needs it)");
  if (blank(studio.iban) && blank(studio.paymentLink)) gaps.push("bank details (IBAN) or payment link");
  return gaps;
}

/** What the business billed holds as the buyer (its legal details). */
export interface BuyerLegalDetails {
  address: string;
  city: string;
  country: string;
  vatId: string;
}

/**
 * What is missing of the buyer's legal details for an invoice with lines in `categories` to be sent: its address and
 * country always (EN 16931 BR-10, BR-11), its VAT ID for reverse charge and intra-community lines (BR-AE-02, BR-IC-02).
 * Its legal name falls back to the business's name, so it is never missing.
 */
export function buyerLegalGaps(buyer: BuyerLegalDetails, categories: Iterable<VatCategory>): string[] {
  const blank = (text: string) => text.trim() === "";
  const gaps: string[] = [];
  if (blank(buyer.address) || blank(buyer.city)) gaps.push("address");
  if (blank(buyer.country)) gaps.push("country");
  const needing = [...new Set(categories)].filter((c) => VAT_CATEGORY_FACTS[c].needsBuyerVatId);
  if (blank(buyer.vatId) && needing.length > 0) {
    gaps.push(`VAT ID (a ${VAT_CATEGORY_FACTS[needing[0] as VatCategory].label.toLowerCase()} invoice needs it)`);
  }
  return gaps;
}

const listed = (gaps: readonly string[]) => (gaps.length <= 1 ? gaps.join("") : `${gaps.slice(0, -1).join(", ")} and ${gaps.at(-1)}`);

/** The refusal of sending an invoice while its buyer's legal details have `gaps`. */
export function buyerGapsMessage(business: string, gaps: readonly string[]): string {
  return `An invoice is a legal document: add ${business}'s ${listed(gaps)} on its business page before sending it.`;
}

/** The refusal of sending an invoice while the studio's legal details have `gaps`. */
export function legalGapsMessage(gaps: readonly string[]): string {
  return `An invoice is a legal document: add the studio's ${listed(gaps)} on Billing before sending it.`;
}
