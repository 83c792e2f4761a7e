import { describe, expect, it } from "vitest";
import { DOMAIN_ERROR_CODES, DomainError, isDomainError } from "./errors";

describe("DomainError", () => {
  it.each(DOMAIN_ERROR_CODES)("carries code %s", (code) => {
    const error = new DomainError(code, "boom");
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.message).toBe("boom");
    expect(error.name).toBe("DomainError");
    expect(isDomainError(error)).toBe(true);
  });

  it("defaults the message to the code and keeps the cause", () => {
    const cause = new Error("db down");
    const error = new DomainError("CONFLICT", undefined, { cause });
    expect(error.message).toBe("CONFLICT");
    expect(error.cause).toBe(cause);
  });

  it("recognises a DomainError from another copy of the package by its shape", () => {
    const foreign = Object.assign(new Error("x"), { name: "DomainError", code: "NOT_FOUND" });
    expect(isDomainError(foreign)).toBe(true);
  });

  it.each<[string, unknown]>([
    ["a plain Error", new Error("x")],
    ["an unknown code", Object.assign(new Error("x"), { name: "DomainError", code: "TEAPOT" })],
    ["a plain object", { name: "DomainError", code: "NOT_FOUND", message: "x" }],
    ["a string", "NOT_FOUND"],
    ["null", null],
  ])("rejects %s", (_case, value) => {
    expect(isDomainError(value)).toBe(false);
  });
});
