// Businesses: who sees a business's page and brand library, who edits them, and the brand library's kinds.
import { isAdmin, isStaff, type Role } from "./roles";

/** The brand library's files, each kind a shelf of its own; all are kept in the business's BRAND folder. */
export const BRAND_FILE_KINDS = [
  { value: "logo", label: "Logos", hint: "The logo in every version: colour, mono, on dark." },
  { value: "font", label: "Fonts", hint: "The typefaces the brand uses." },
  { value: "guideline", label: "Guidelines", hint: "Brand books and rules of use." },
] as const;
export type BrandFileKind = (typeof BRAND_FILE_KINDS)[number]["value"];
export const BRAND_FILE_KIND_VALUES = BRAND_FILE_KINDS.map((k) => k.value) as [BrandFileKind, ...BrandFileKind[]];

/** The folder of a business's brand assets, beside its projects' folders. */
export const BRAND_FOLDER = "BRAND";

/** The folder files given with a request's intake form are uploaded to before its project exists (docs/services.md). */
export const INTAKE_FOLDER = "INTAKE";

export const BUSINESS_NAME_MAX_LENGTH = 100;
export const BILLING_CONTACTS_MAX = 10;

interface Viewer {
  role: Role;
  businessId: string | null;
}

/** Staff see every business; a client only its own, whatever id it asks for. */
export function canSeeBusiness(viewer: Viewer, businessId: string): boolean {
  return isStaff(viewer.role) || (viewer.businessId !== null && viewer.businessId === businessId);
}

/** Only the studio edits a business's details (name, logo); billing contacts and currency need canEditBusinessBilling too. */
export function canEditBusiness(viewer: Viewer): boolean {
  return isStaff(viewer.role);
}

/** Where invoices are mailed and the currency they bill in decide where the money goes: the admin's, as every invoice procedure is. */
export function canEditBusinessBilling(viewer: Viewer): boolean {
  return isAdmin(viewer.role);
}

/** "#AbC", "abc" or "#aabbcc" as "#aabbcc"; null when it is no hex colour. */
export function normalizeHex(input: string): string | null {
  const hex = input.trim().replace(/^#/, "").toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return `#${hex}`;
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((c) => c + c).join("")}`;
  return null;
}

/** Text that reads well on a swatch of this colour (WCAG relative luminance), for the colour's label. */
export function swatchTextColour(hex: string): "#000000" | "#ffffff" {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return luminance > 0.179 ? "#000000" : "#ffffff";
}

/** What a business is owed in total, per currency: the open balances of its invoices. */
export function balancesByCurrency(invoices: readonly { currency: string; balance: number }[]): { currency: string; balance: number }[] {
  const sums = new Map<string, number>();
  for (const invoice of invoices) sums.set(invoice.currency, (sums.get(invoice.currency) ?? 0) + invoice.balance);
  return [...sums].map(([currency, balance]) => ({ currency, balance })).sort((a, b) => a.currency.localeCompare(b.currency));
}
