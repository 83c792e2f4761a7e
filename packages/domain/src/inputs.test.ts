import { describe, expect, it } from "vitest";
import { BUSINESS_NAME_MAX_LENGTH } from "./businesses";
import { COMMENT_BODY_MAX_LENGTH } from "./comments";
import {
  BRAND_COLOUR_NAME_MAX_LENGTH,
  billingDetailsInput,
  brandColourHexInput,
  brandColourNameInput,
  businessNameInput,
  commentBodyInput,
  dueDateInput,
  EMAIL_MAX_LENGTH,
  emailInput,
  INVOICE_MAX_LINES,
  INVOICE_NOTES_MAX_LENGTH,
  invoiceLineForm,
  invoiceLinesForm,
  invoiceNotesInput,
  logoInput,
  optionalPersonNameInput,
  PAYMENT_NOTE_MAX_LENGTH,
  paymentAmountForm,
  paymentNoteInput,
  personNameInput,
  postTitleInput,
  projectTitleInput,
  proofNoteInput,
  reminderDaysInput,
  revisionAllowanceForm,
  revisionAllowanceInput,
  roleInput,
} from "./inputs";
import { INVOICE_LINE_DESCRIPTION_MAX_LENGTH } from "./invoices";
import { POST_TITLE_MAX_LENGTH } from "./posts";
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from "./studio-logo";
import { USER_NAME_MAX_LENGTH } from "./user-rules";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("the fields people type", () => {
  it("trims text and refuses what is empty once trimmed, in plain words", () => {
    expect(personNameInput.parse("  Ada Lovelace ")).toBe("Ada Lovelace");
    expect(messageOf(personNameInput.safeParse("   "))).toBe("Your name is required.");
    expect(messageOf(businessNameInput.safeParse(""))).toBe("A business needs a name.");
    expect(messageOf(postTitleInput.safeParse("\n"))).toBe("Give the post a title.");
  });

  it("keeps the limits, and says what they are", () => {
    expect(personNameInput.safeParse("a".repeat(USER_NAME_MAX_LENGTH)).success).toBe(true);
    expect(messageOf(personNameInput.safeParse("a".repeat(USER_NAME_MAX_LENGTH + 1)))).toBe(
      `The name is too long: keep it to ${USER_NAME_MAX_LENGTH} characters.`,
    );
    expect(messageOf(businessNameInput.safeParse("b".repeat(BUSINESS_NAME_MAX_LENGTH + 1)))).toContain(
      `${BUSINESS_NAME_MAX_LENGTH} characters`,
    );
    expect(messageOf(postTitleInput.safeParse("t".repeat(POST_TITLE_MAX_LENGTH + 1)))).toContain(`${POST_TITLE_MAX_LENGTH} characters`);
    // Trimming comes first: spaces around a name at the limit do not count.
    expect(personNameInput.safeParse(` ${"a".repeat(USER_NAME_MAX_LENGTH)} `).success).toBe(true);
  });

  it("reads an e-mail address, trimmed, and explains a wrong one", () => {
    expect(emailInput.parse(" ada@example.com ")).toBe("ada@example.com");
    expect(messageOf(emailInput.safeParse("ada@"))).toBe("Write an e-mail address such as name@example.com.");
    expect(messageOf(emailInput.safeParse(`${"a".repeat(EMAIL_MAX_LENGTH)}@example.com`))).toContain("too long");
  });

  it("makes an empty optional name absent", () => {
    expect(optionalPersonNameInput.parse("  ")).toBeUndefined();
    expect(optionalPersonNameInput.parse(undefined)).toBeUndefined();
    expect(optionalPersonNameInput.parse(" Grace ")).toBe("Grace");
  });

  it("knows the roles", () => {
    expect(roleInput.parse("creative")).toBe("creative");
    expect(messageOf(roleInput.safeParse("owner"))).toBe("Choose a role.");
  });
});

describe("projects", () => {
  it("needs a title within the limit", () => {
    expect(messageOf(projectTitleInput.safeParse(" "))).toBe("Give the project a title.");
    expect(messageOf(projectTitleInput.safeParse("t".repeat(121)))).toBe("The title is too long: keep it to 120 characters.");
  });

  it("takes a due date that is a real day within the bounds", () => {
    expect(dueDateInput.parse("2026-12-15")).toBe("2026-12-15");
    expect(messageOf(dueDateInput.safeParse("2026-02-30"))).toBe("Give the due date as a calendar day (YYYY-MM-DD).");
    expect(messageOf(dueDateInput.safeParse("1999-12-31"))).toBe("Choose a due date between 2000 and 2099.");
  });
});

describe("billing details", () => {
  it("trims the studio's details and keeps each within its limit", () => {
    const details = { legalName: " Atelier Ltd ", address: "", taxNumber: "GB123", paymentTerms: "", bankDetails: "" };
    expect(billingDetailsInput.parse(details).legalName).toBe("Atelier Ltd");
    // The legal details EN 16931 asks for are "" when left out; an IBAN is kept compact once its check digits hold.
    expect(billingDetailsInput.parse(details)).toMatchObject({ country: "", vatId: "", iban: "", paymentLink: "" });
    expect(billingDetailsInput.parse({ ...details, iban: "BE71 0961 2345 6769", country: "BE" }).iban).toBe("BE71096123456769");
    expect(billingDetailsInput.safeParse({ ...details, country: "Belgium" }).success).toBe(false);
    expect(messageOf(billingDetailsInput.safeParse({ ...details, taxNumber: "x".repeat(101) }))).toBe(
      "The tax ID is too long: keep it to 100 characters.",
    );
    // The invoicing e-mail and telephone: optional, checked when given.
    expect(billingDetailsInput.parse({ ...details, email: " billing@studio.example ", telephone: "+49 (40) 123-456" })).toMatchObject({
      email: "billing@studio.example",
      telephone: "+49 (40) 123-456",
    });
    expect(messageOf(billingDetailsInput.safeParse({ ...details, email: "billing" }))).toBe(
      "Write an e-mail address such as name@example.com.",
    );
    expect(messageOf(billingDetailsInput.safeParse({ ...details, telephone: "call me" }))).toBe(
      "Write a telephone number with digits, spaces and + ( ) - . / only.",
    );
  });

  it("takes as a data: URL exactly the logos the form lets through: PNG or JPEG, at most LOGO_MAX_BYTES", () => {
    const logo = (type: string, bytes: number) => `data:${type};base64,${Buffer.alloc(bytes).toString("base64")}`;
    expect(logoInput.safeParse(logo("image/jpeg", LOGO_MAX_BYTES)).success).toBe(true);
    expect(logoInput.safeParse(logo("image/png", LOGO_MAX_BYTES)).success).toBe(true);
    expect(messageOf(logoInput.safeParse(logo("image/jpeg", LOGO_MAX_BYTES + 3)))).toBe(LOGO_SIZE_MESSAGE);
    expect(messageOf(logoInput.safeParse(logo("image/gif", 10)))).toBe(LOGO_TYPE_MESSAGE);
    expect(LOGO_SIZE_MESSAGE).toBe("The logo must be smaller than 300 KB.");
  });

  it("reminds after a whole number of days within a year", () => {
    expect(reminderDaysInput.parse(14)).toBe(14);
    expect(messageOf(reminderDaysInput.safeParse(1.5))).toBe("Give a whole number of days.");
    expect(messageOf(reminderDaysInput.safeParse(400))).toBe("Remind within a year: at most 365 days.");
  });
});

describe("comments, proof notes and brand colours", () => {
  it("trims a comment, refuses an empty one and one past the limit the database keeps", () => {
    expect(commentBodyInput.parse("  Looks good \n")).toBe("Looks good");
    expect(messageOf(commentBodyInput.safeParse(" \n "))).toBe("Write something first.");
    expect(commentBodyInput.safeParse("c".repeat(COMMENT_BODY_MAX_LENGTH)).success).toBe(true);
    expect(messageOf(commentBodyInput.safeParse("c".repeat(COMMENT_BODY_MAX_LENGTH + 1)))).toBe(
      "The comment is too long: keep it to 5,000 characters.",
    );
  });

  it("lets a proof's note be empty but not too long", () => {
    expect(proofNoteInput.parse("   ")).toBe("");
    expect(messageOf(proofNoteInput.safeParse("n".repeat(COMMENT_BODY_MAX_LENGTH + 1)))).toContain("5,000 characters");
  });

  it("reads a brand colour's hex value in any usual spelling, and names it", () => {
    expect(brandColourHexInput.parse("#1D4ED8")).toBe("#1d4ed8");
    expect(brandColourHexInput.parse("abc")).toBe("#aabbcc");
    expect(messageOf(brandColourHexInput.safeParse("brown"))).toBe("A colour is a hex value such as #1d4ed8.");
    expect(messageOf(brandColourNameInput.safeParse(" "))).toBe("Name the colour.");
    expect(messageOf(brandColourNameInput.safeParse("n".repeat(BRAND_COLOUR_NAME_MAX_LENGTH + 1)))).toContain("60 characters");
  });
});

describe("an invoice's lines as typed", () => {
  const line = {
    description: " Flyer design ",
    quantity: "2",
    price: "1,250.50",
    discount: "",
    vat: "" as "" | "exempt" | "reverse_charge" | "intra_community",
    tax: "20",
    projectId: null,
  };

  it("reads each line into integer minor units and basis points of the invoice's currency", () => {
    expect(invoiceLineForm("USD").parse(line)).toEqual({
      description: "Flyer design",
      quantity: 2,
      price: 125050,
      discount: 0,
      vat: "",
      tax: 2000,
      projectId: null,
    });
    expect(invoiceLineForm("JPY").parse({ ...line, price: "8000" }).price).toBe(8000);
    expect(invoiceLineForm("BHD").parse({ ...line, price: "1.250" }).price).toBe(1250);
  });

  it("says in plain words what is wrong with a line", () => {
    const issue = (change: Partial<typeof line>, currency = "USD") =>
      messageOf(invoiceLineForm(currency).safeParse({ ...line, ...change }));
    expect(issue({ description: "  " })).toBe("Each line needs a description.");
    expect(issue({ description: "d".repeat(INVOICE_LINE_DESCRIPTION_MAX_LENGTH + 1) })).toContain("500 characters");
    expect(issue({ quantity: "1.5" })).toBe("Give a whole number from 1 to 100,000.");
    expect(issue({ quantity: "0" })).toBe("Give a whole number from 1 to 100,000.");
    expect(issue({ price: "12.345" })).toBe("Give a price such as 80.00.");
    expect(issue({ price: "12.5" }, "JPY")).toBe("Give a price such as 8000.");
    expect(issue({ price: "2000000" })).toBe("Keep a unit price to $1,000,000.00 at most.");
    expect(issue({ tax: "120" })).toBe("Give a percentage from 0 to 100, such as 20 or 7.5.");
    expect(issue({ discount: "abc" })).toBe("Give a percentage from 0 to 100, such as 20 or 7.5.");
    expect(issue({ vat: "reverse_charge" })).toBe("Reverse charge lines carry no VAT: give them a 0 % rate.");
    expect(invoiceLineForm("USD").parse({ ...line, vat: "exempt", tax: "0" })).toMatchObject({ vat: "exempt", tax: 0 });
  });

  it("needs one line and holds at most the limit", () => {
    expect(messageOf(invoiceLinesForm("USD").safeParse([]))).toBe("An invoice needs at least one line.");
    expect(invoiceLinesForm("USD").safeParse(Array.from({ length: INVOICE_MAX_LINES + 1 }, () => line)).success).toBe(false);
  });

  it("keeps notes optional, trimmed and within their limit", () => {
    expect(invoiceNotesInput.parse("  Thanks ")).toBe("Thanks");
    expect(messageOf(invoiceNotesInput.safeParse("n".repeat(INVOICE_NOTES_MAX_LENGTH + 1)))).toContain("2,000 characters");
  });
});

describe("a payment as typed", () => {
  it("reads the amount in the currency's minor units, above zero", () => {
    expect(paymentAmountForm("USD").parse(" 1,250.50 ")).toBe(125050);
    expect(paymentAmountForm("KWD").parse("1.250")).toBe(1250);
    expect(messageOf(paymentAmountForm("USD").safeParse("0"))).toBe("Give an amount above zero.");
    expect(messageOf(paymentAmountForm("USD").safeParse("ten"))).toBe("Give an amount such as 80.00.");
    expect(messageOf(paymentAmountForm("JPY").safeParse("10.5"))).toBe("Give an amount such as 8000.");
  });

  it("keeps its note within the limit", () => {
    expect(paymentNoteInput.parse(" Bank transfer ")).toBe("Bank transfer");
    expect(messageOf(paymentNoteInput.safeParse("n".repeat(PAYMENT_NOTE_MAX_LENGTH + 1)))).toContain("500 characters");
  });
});

describe("change rounds included", () => {
  it("takes a whole number from 0 to 99, typed or sent, with one plain message otherwise", () => {
    expect(revisionAllowanceForm.parse(" 5 ")).toBe(5);
    expect(revisionAllowanceForm.parse("0")).toBe(0);
    expect(revisionAllowanceInput.parse(99)).toBe(99);
    const message = "Give a whole number of change rounds from 0 to 99.";
    for (const typed of ["", "  ", "-1", "100", "2.5", "three", "1e3"])
      expect(messageOf(revisionAllowanceForm.safeParse(typed))).toBe(message);
    for (const sent of [-1, 100, 2.5, Number.NaN]) expect(messageOf(revisionAllowanceInput.safeParse(sent))).toBe(message);
  });
});
