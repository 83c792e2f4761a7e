import { describe, expect, it } from "vitest";
import {
  commentDigest,
  commentNotice,
  emailNotificationOf,
  MAIL_GIVE_UP_AFTER_MS,
  MAIL_PREFERENCES,
  MAIL_RETRY_DELAYS_MS,
  mailPreferenceOf,
  nextDailyDigest,
  nextMailAttempt,
} from "./outbox";

const created = new Date("2026-11-23T10:00:00Z");
const at = (ms: number) => new Date(created.getTime() + ms);

describe("nextMailAttempt", () => {
  it("waits longer after each failure, then keeps the longest wait", () => {
    const waits = [1, 2, 3, 9, 10, 50].map((n) => {
      const outcome = nextMailAttempt(n, created, created);
      return "retryAt" in outcome ? outcome.retryAt.getTime() - created.getTime() : -1;
    });
    expect(waits).toEqual([5_000, 15_000, 30_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(MAIL_RETRY_DELAYS_MS.every((d, i) => i === 0 || d > (MAIL_RETRY_DELAYS_MS[i - 1] ?? 0))).toBe(true);
  });

  it("gives up once the next try would fall more than a day after the mail was written", () => {
    expect(nextMailAttempt(9, created, at(MAIL_GIVE_UP_AFTER_MS - 3_600_000))).toEqual({ retryAt: at(MAIL_GIVE_UP_AFTER_MS) });
    expect(nextMailAttempt(9, created, at(MAIL_GIVE_UP_AFTER_MS - 3_599_999))).toEqual({ failed: true });
  });
});

describe("comment digests", () => {
  const now = new Date("2026-11-23T10:30:00Z");
  const comment = { id: "c1", projectId: "p1", event: null };
  it("gathers a recipient's comments per project for the window", () => {
    expect(commentDigest({ id: "u1", preference: "immediate" }, comment, now, 120_000)).toEqual({
      key: "project:u1:p1",
      sendAt: new Date("2026-11-23T10:32:00Z"),
    });
  });
  it("gathers a daily reader's comments of every project until the next summary", () => {
    expect(commentDigest({ id: "u1", preference: "daily" }, comment, now, 120_000)).toEqual({
      key: "daily:u1",
      sendAt: new Date("2026-11-24T08:00:00Z"),
    });
    expect(nextDailyDigest(new Date("2026-11-23T07:59:59Z"))).toEqual(new Date("2026-11-23T08:00:00Z"));
    expect(nextDailyDigest(new Date("2026-11-23T08:00:00Z"))).toEqual(new Date("2026-11-24T08:00:00Z"));
  });
  it("mails nobody who turned mail off, and maps the toggle both ways", () => {
    expect(commentDigest({ id: "u1", preference: "off" }, comment, now, 120_000)).toBeNull();
    expect([mailPreferenceOf(true), mailPreferenceOf(false)]).toEqual(["immediate", "off"]);
    expect(MAIL_PREFERENCES.map(emailNotificationOf)).toEqual([true, true, false]);
  });
  it("sends a notice at once in a mail of its own, whatever the window or the daily summary, but not to 'Never'", () => {
    const proof = { id: "c2", projectId: "p1", event: "proof_sent" };
    for (const preference of ["immediate", "daily"] as const) {
      expect(commentDigest({ id: "u1", preference }, proof, now, 120_000)).toEqual({ key: "notice:u1:c2", sendAt: now });
    }
    expect(commentDigest({ id: "u1", preference: "off" }, proof, now, 120_000)).toBeNull();
    const started = { id: "c3", projectId: "p1", event: null, startsProject: true };
    expect(commentDigest({ id: "u1", preference: "immediate" }, started, now, 120_000)).toEqual({ key: "notice:u1:c3", sendAt: now });
    expect(commentNotice(started)).toBe("project_started");
    expect(["modification", "approved", "shadow", null].map((event) => commentNotice({ event }))).toEqual([
      "modification",
      "approved",
      null,
      null,
    ]);
  });
  it("leaves an invoice sent to the invoice's own mail", () => {
    expect(
      commentDigest({ id: "u1", preference: "immediate" }, { id: "c4", projectId: "p1", event: "invoice_sent" }, now, 120_000),
    ).toBeNull();
  });
});
