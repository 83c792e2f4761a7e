import { describe, expect, it } from "vitest";
import { calendarScopeOf } from "./calendar-feed";

describe("calendarScopeOf", () => {
  it("gives an admin the studio's dates, a designer their own projects', a client its business's", () => {
    expect(calendarScopeOf({ id: "a", role: "admin", businessId: null })).toEqual({ kind: "studio" });
    expect(calendarScopeOf({ id: "d", role: "creative", businessId: null })).toEqual({ kind: "assignee", userId: "d" });
    expect(calendarScopeOf({ id: "c", role: "client", businessId: "b1" })).toEqual({ kind: "business", businessId: "b1" });
  });

  it("gives a client without a business nothing to follow", () => {
    expect(calendarScopeOf({ id: "c", role: "client", businessId: null })).toBeNull();
  });
});
