// VAT as EN 16931 knows it (docs/invoices.md, "Taxes"): each invoice line falls in one VAT category, and the
// tax is worked out per category and rate, never per line. Only the standard rate charges tax; the other
// categories carry 0 % and, where the law asks for it, a note printed on the invoice and a reason in its XML.

export const VAT_CATEGORIES = ["standard", "zero", "exempt", "reverse_charge", "intra_community"] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

interface VatCategoryFacts {
  label: string;
  /** The code of the category in UNTDID 5305, as EN 16931 (BT-151, BT-118) writes it. */
  code: "S" | "Z" | "E" | "AE" | "K";
  /** The reason printed on the invoice and given as BT-120, for categories that charge no VAT by law. */
  note?: string;
  /** The VATEX code of that reason (BT-121), where one names it. */
  reasonCode?: string;
  /** Whether the buyer's VAT identifier must be on the invoice (BR-AE-02, BR-IC-02). */
  needsBuyerVatId: boolean;
}

export const VAT_CATEGORY_FACTS: Record<VatCategory, VatCategoryFacts> = {
  standard: { label: "Standard rate", code: "S", needsBuyerVatId: false },
  zero: { label: "Zero rate", code: "Z", needsBuyerVatId: false },
  exempt: { label: "Exempt", code: "E", note: "Exempt from VAT.", needsBuyerVatId: false },
  reverse_charge: {
    label: "Reverse charge",
    code: "AE",
    note: "Reverse charge: VAT to be accounted for by the customer (Article 196, Council Directive 2006/112/EC).",
    reasonCode: "VATEX-EU-AE",
    needsBuyerVatId: true,
  },
  intra_community: {
    label: "Intra-community supply",
    code: "K",
    note: "Intra-Community supply, exempt from VAT (Article 138, Council Directive 2006/112/EC).",
    reasonCode: "VATEX-EU-IC",
    needsBuyerVatId: true,
  },
};

/** A line saved before categories existed, or sent without one: taxed lines are standard, untaxed ones zero rated. */
export function defaultVatCategory(taxRateBp: number): VatCategory {
  return taxRateBp > 0 ? "standard" : "zero";
}

/** Why a line of `category` cannot carry `taxRateBp`, or null when it can: only the standard rate charges tax. */
export function vatLineRefusal(category: VatCategory, taxRateBp: number): string | null {
  if (category === "standard") return taxRateBp > 0 ? null : "A standard-rate line needs a tax rate above 0 %: choose Zero rate for none.";
  return taxRateBp === 0 ? null : `${VAT_CATEGORY_FACTS[category].label} lines carry no VAT: give them a 0 % rate.`;
}

/** The legal notes an invoice with lines in `categories` prints, once each, in the order of VAT_CATEGORIES. */
export function vatNotes(categories: Iterable<VatCategory>): string[] {
  const present = new Set(categories);
  return VAT_CATEGORIES.flatMap((c) => {
    const note = VAT_CATEGORY_FACTS[c].note;
    return present.has(c) && note ? [note] : [];
  });
}
