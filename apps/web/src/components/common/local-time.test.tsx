// @vitest-environment happy-dom
// Times on a page are in the reader's zone and clock from their profile (in the session), the full time and zone on
// hover; while their zone is not known, the page shows UTC and says so.
import type { SessionUser } from "@atelier/domain";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LocalDate, LocalTime } from "./local-time";

let user: Partial<SessionUser> | null = null;
vi.mock("next-auth/react", () => ({ useSession: () => ({ data: user ? { user } : null }) }));
afterEach(() => {
  cleanup();
  user = null;
});

const AT = new Date("2026-11-27T17:30:00Z");

describe("LocalTime", () => {
  it("shows a time in the reader's zone and clock, whatever the browser's", () => {
    user = { timeZone: "Asia/Tokyo", hourCycle: "h23" };
    const time = render(<LocalTime at={AT} />).container.querySelector("time");
    expect(time?.textContent).toMatch(/^Nov 28(, 2026)?, 02:30$/);
    expect(time?.getAttribute("title")).toBe("Nov 28, 2026, 02:30 GMT+9");
    expect(time?.getAttribute("datetime")).toBe("2026-11-27T17:30:00.000Z");
  });

  it("reads 5:30 PM on a 12-hour clock in UTC, and 9:30 AM in Los Angeles", () => {
    user = { timeZone: "UTC", hourCycle: "h12" };
    expect(render(<LocalTime at={AT} />).container.textContent).toMatch(/^Nov 27(, 2026)?, 5:30 PM$/);
    cleanup();
    user = { timeZone: "America/Los_Angeles", hourCycle: "h12" };
    expect(render(<LocalTime at={AT} />).container.textContent).toMatch(/^Nov 27(, 2026)?, 9:30 AM$/);
  });

  it("names UTC while the reader's zone is not known", () => {
    user = { timeZone: null, hourCycle: null };
    expect(render(<LocalTime at={AT} />).container.textContent).toBe("Nov 27, 2026, 17:30 UTC");
  });
});

describe("LocalDate", () => {
  it("gives the day in the reader's zone", () => {
    user = { timeZone: "Asia/Tokyo", hourCycle: "h12" };
    expect(render(<LocalDate at={AT} />).container.textContent).toBe("Nov 28, 2026");
  });
});
