import { describe, expect, it } from "vitest";
import {
  GUEST_SHARE_MAX_DAYS,
  guestEmailAllowed,
  guestSessionExpiry,
  guestShareExpiry,
  guestShareRefusal,
  overGuestLimit,
} from "./guest-review";
import { guestCodeInput, guestShareInput, guestTokenInput } from "./guest-review-inputs";

const now = new Date("2026-11-28T09:00:00Z");
const DAY = 24 * 60 * 60_000;

describe("guest review rules", () => {
  it("refuses a withdrawn link, and an expired one from its last moment", () => {
    const later = new Date(now.getTime() + DAY);
    expect(guestShareRefusal({ expiresAt: later, revokedAt: null }, now)).toBeNull();
    expect(guestShareRefusal({ expiresAt: later, revokedAt: now }, now)).toContain("withdrawn");
    expect(guestShareRefusal({ expiresAt: now, revokedAt: null }, now)).toContain("expired");
  });

  it("lets anyone in when no address is named, and only the named ones otherwise, whatever their case", () => {
    expect(guestEmailAllowed(null, "a@b.test")).toBe(true);
    expect(guestEmailAllowed([], "a@b.test")).toBe(true);
    expect(guestEmailAllowed(["a@b.test"], "A@B.test")).toBe(true);
    expect(guestEmailAllowed(["a@b.test"], "c@b.test")).toBe(false);
  });

  it("ends a session with its link, or after thirty days", () => {
    const soon = new Date(now.getTime() + DAY);
    expect(guestSessionExpiry(now, soon)).toEqual(soon);
    expect(guestSessionExpiry(now, guestShareExpiry(now, GUEST_SHARE_MAX_DAYS))).toEqual(new Date(now.getTime() + 30 * DAY));
  });

  it("takes 1 to 90 days, six-digit codes and base64url tokens of 128 bits or more", () => {
    expect(guestShareInput.expiresInDays.safeParse(1).success).toBe(true);
    expect(guestShareInput.expiresInDays.safeParse(90).success).toBe(true);
    expect(guestShareInput.expiresInDays.safeParse(91).success).toBe(false);
    expect(guestShareInput.expiresInDays.safeParse(0).success).toBe(false);
    expect(guestCodeInput.safeParse("012345").success).toBe(true);
    expect(guestCodeInput.safeParse("12345").success).toBe(false);
    expect(guestTokenInput.safeParse("a".repeat(21)).success).toBe(false);
    expect(guestTokenInput.safeParse("a".repeat(43)).success).toBe(true);
    expect(guestTokenInput.safeParse(`${"a".repeat(42)}/`).success).toBe(false);
    expect(guestShareInput.emails.parse([" Ana@Client.TEST "])).toEqual(["ana@client.test"]);
  });

  it("counts a limit as used up at its maximum", () => {
    expect(overGuestLimit(4, { max: 5 })).toBe(false);
    expect(overGuestLimit(5, { max: 5 })).toBe(true);
  });
});
