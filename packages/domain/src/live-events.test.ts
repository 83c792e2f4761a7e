import { describe, expect, it } from "vitest";
import { canReceiveLiveEvent, type LiveEvent, parseLiveEvent } from "./live-events";

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

describe("parseLiveEvent", () => {
  it("reads back what was sent, and drops anything else", () => {
    expect(parseLiveEvent(JSON.stringify(event(true)))).toEqual(event(true));
    expect(parseLiveEvent('{"type":"comment","projectId":1}')).toBeNull();
    expect(parseLiveEvent("not json")).toBeNull();
  });
});
