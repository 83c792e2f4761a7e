import { describe, expect, it } from "vitest";
import { type AuditEvent, auditRow, sortAuditEvents, spreadsheetSafe } from "./proof-audit";

const event = (at: string, round: number, detail: string): AuditEvent => ({
  at: new Date(at),
  round,
  event: "pin",
  name: null,
  email: null,
  verifiedBy: null,
  detail,
  ipAddress: null,
  userAgent: null,
});

describe("sortAuditEvents", () => {
  it("orders by time, then round, then as listed", () => {
    const events = [
      event("2026-11-28T10:00:00Z", 2, "c"),
      event("2026-11-28T09:00:00Z", 1, "a"),
      event("2026-11-28T10:00:00Z", 1, "b1"),
      event("2026-11-28T10:00:00Z", 1, "b2"),
    ];
    expect(sortAuditEvents(events).map((e) => e.detail)).toEqual(["a", "b1", "b2", "c"]);
  });
});

describe("auditRow", () => {
  it("writes the time in UTC and the event's label", () => {
    expect(auditRow(event("2026-11-28T10:00:00+09:00", 3, "x"))).toMatchObject({ at: "2026-11-28T01:00:00.000Z", label: "Pin", round: 3 });
  });
});

describe("spreadsheetSafe", () => {
  it.each([
    ['=HYPERLINK("http://evil")', '\'=HYPERLINK("http://evil")'],
    ["+1", "'+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["plain 東京 </script>", "plain 東京 </script>"],
    ["a=b", "a=b"],
  ])("%j → %j", (input, output) => {
    expect(spreadsheetSafe(input)).toBe(output);
  });

  it("writes nothing for null and numbers as they are", () => {
    expect(spreadsheetSafe(null)).toBe("");
    expect(spreadsheetSafe(-4)).toBe("-4");
  });
});
