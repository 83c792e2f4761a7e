import { describe, expect, it } from "vitest";
import { plainErrorMessage } from "./toast-error";

describe("plainErrorMessage", () => {
  it("tells a refused field's own message, not the validator's summary", () => {
    const error = {
      message: "✖ Give the project a title\n  → at title",
      data: { zodError: { formErrors: [], fieldErrors: { title: ["Give the project a title."] } } },
    };
    expect(plainErrorMessage(error)).toBe("Give the project a title.");
  });

  it("prefers a refusal of the whole form, and keeps any other error's message", () => {
    expect(plainErrorMessage({ message: "x", data: { zodError: { formErrors: ["Nothing to save."], fieldErrors: {} } } })).toBe(
      "Nothing to save.",
    );
    expect(plainErrorMessage({ message: "Someone with that e-mail address already has access.", data: { zodError: null } })).toBe(
      "Someone with that e-mail address already has access.",
    );
  });
});
