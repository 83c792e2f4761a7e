import { describe, expect, it } from "vitest";
import { type GateScreen, type SessionStatus, sessionScreen } from "./session";

describe("sessionScreen", () => {
  it.each<[SessionStatus, { name: string | null } | null, GateScreen]>([
    ["loading", null, "loading"],
    ["loading", { name: "Ada" }, "app"],
    ["loading", { name: null }, "onboarding"],
    ["unauthenticated", null, "login"],
    ["unauthenticated", { name: "Ada" }, "login"],
    ["authenticated", null, "login"],
    ["authenticated", { name: null }, "onboarding"],
    ["authenticated", { name: "Ada" }, "app"],
  ])("%s with %j -> %s", (status, user, screen) => {
    expect(sessionScreen(status, user)).toBe(screen);
  });
});
