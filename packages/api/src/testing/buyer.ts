// A business's legal details as the buyer, complete enough for an invoice to be sent to it (docs/invoices.md).
export function buyerDetails(word: string) {
  return { legalName: "", address: `1 ${word} Street`, postcode: "1000", city: "Brussels", country: "BE", vatId: "", buyerReference: "" };
}
