import { describe, expect, it } from "vitest";
import { canReceiveLiveEvent, type LiveEvent, liveStreamHolds, parseLiveEvent } from "./live-events";

const event = (staffOnly: boolean): LiveEvent => ({ type: "comment", projectId: "p", businessId: "acme", commentId: "c", staffOnly });

describe("canReceiveLiveEvent", () => {
  it.each([
    [{ role: "creative" as const, businessId: null }, true, true],
    [{ role: "client" as const, businessId: "acme" }, false, true],
    [{ role: "client" as const, businessId: "acme" }, true, false],
    [{ role: "client" as const, businessId: "globex" }, false, false],
    [{ role: "client" as const, businessId: null }, false, false],
  ])("%o, staff only %s -> %s", (viewer, staffOnly, expected) => {
    expect(canReceiveLiveEvent(viewer, event(staffOnly))).toBe(expected);
  });
});

describe("liveStreamHolds", () => {
  const opened = { id: "u1", role: "client", businessId: "acme" } as const;
  it.each([
    ["the same viewer", opened, true],
    ["no session any more", null, false],
    ["another user on the cookie", { ...opened, id: "u2" }, false],
    ["a new role", { ...opened, role: "creative" }, false],
    ["another business", { ...opened, businessId: "globex" }, false],
    ["no business any more", { ...opened, businessId: null }, false],
  ] as const)("%s -> %s", (_, current, expected) => {
    expect(liveStreamHolds(opened, current)).toBe(expected);
  });
});

describe("parseLiveEvent", () => {
  it("reads back what was sent, and drops anything else", () => {
    expect(parseLiveEvent(JSON.stringify(event(true)))).toEqual(event(true));
    expect(parseLiveEvent('{"type":"comment","projectId":1}')).toBeNull();
    expect(parseLiveEvent("not json")).toBeNull();
  });
});
