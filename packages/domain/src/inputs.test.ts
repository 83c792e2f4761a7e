import { describe, expect, it } from "vitest";
import { BUSINESS_NAME_MAX_LENGTH } from "./businesses";
import {
  billingDetailsInput,
  businessNameInput,
  dueDateInput,
  EMAIL_MAX_LENGTH,
  emailInput,
  optionalPersonNameInput,
  personNameInput,
  postTitleInput,
  projectTitleInput,
  reminderDaysInput,
  roleInput,
} from "./inputs";
import { POST_TITLE_MAX_LENGTH } from "./posts";
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
    expect(messageOf(billingDetailsInput.safeParse({ ...details, taxNumber: "x".repeat(101) }))).toBe(
      "The tax ID is too long: keep it to 100 characters.",
    );
  });

  it("reminds after a whole number of days within a year", () => {
    expect(reminderDaysInput.parse(14)).toBe(14);
    expect(messageOf(reminderDaysInput.safeParse(1.5))).toBe("Give a whole number of days.");
    expect(messageOf(reminderDaysInput.safeParse(400))).toBe("Remind within a year: at most 365 days.");
  });
});
