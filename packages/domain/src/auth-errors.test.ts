import { describe, expect, it } from "vitest";
import { authErrorMessage, safeCallbackPath } from "./auth-errors";

describe("authErrorMessage", () => {
  it.each([
    ["SessionRequired", "Please sign in to see that page."],
    ["Verification", "That sign-in link has expired or has already been used. Request a new one."],
    ["SomethingNew", "Sign-in failed. Please try again."],
  ])("%s", (code, text) => expect(authErrorMessage(code)).toBe(text));
  it("has nothing to say without a code", () => {
    expect(authErrorMessage(null)).toBeNull();
    expect(authErrorMessage("")).toBeNull();
  });
});

describe("safeCallbackPath", () => {
  const origin = "http://localhost:3000";
  it.each([
    ["/projects/abc?id=1", "/projects/abc?id=1"],
    ["http://localhost:3000/users/edit/x#top", "/users/edit/x#top"],
    ["https://evil.example/", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["http://localhost:3000//evil.example", "/"],
    ["http://localhost:3000//evil.example/path?x=1", "/"],
    ["http://localhost:3000/%2F/evil.example", "/%2F/evil.example"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [null, "/"],
  ])("%s -> %s", (raw, expected) => expect(safeCallbackPath(raw, origin)).toBe(expected));
});
