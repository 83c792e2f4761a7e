import { describe, expect, it } from "vitest";
import { createTicketKeeper, type ExpiringTicket, isTicketExpired, renewalMargin, TicketExpiredError } from "./ticket-keeper";

const START = Date.UTC(2026, 10, 22, 9);
const MINUTE = 60_000;

function setup(lifeMs = 5 * MINUTE) {
  let clock = START;
  let issued = 0;
  const answers: (() => Promise<ExpiringTicket>)[] = [];
  const ticket = (): ExpiringTicket => {
    issued += 1;
    return { ticket: `t${issued}`, expiresAt: new Date(clock + lifeMs) };
  };
  const renewals: number[] = [];
  const keeper = createTicketKeeper(
    ticket(),
    () => {
      renewals.push(clock);
      return (answers.shift() ?? (async () => ticket()))();
    },
    () => clock,
  );
  const names = async (count = 1) => (await Promise.all(Array.from({ length: count }, () => keeper.current()))).map((t) => t.ticket);
  return {
    keeper,
    names,
    renewals,
    at: (ms: number) => {
      clock = START + ms;
    },
    /** The next renewal answers this (resolved or rejected by the test). */
    nextRenewal: (answer: () => Promise<ExpiringTicket>) => answers.push(answer),
    ticket,
  };
}

describe("renewalMargin", () => {
  it("is a minute, or half the ticket's life when that is shorter", () => {
    expect(renewalMargin(5 * MINUTE)).toBe(MINUTE);
    expect(renewalMargin(2 * MINUTE)).toBe(MINUTE);
    expect(renewalMargin(2000)).toBe(1000);
    expect(renewalMargin(-5)).toBe(0);
  });
});

describe("a ticket keeper", () => {
  it("answers the ticket it holds, asking for none, until less than the margin is left", async () => {
    const { names, renewals, at } = setup();
    expect(await names()).toEqual(["t1"]);
    at(4 * MINUTE - 1);
    expect(await names()).toEqual(["t1"]);
    expect(renewals).toEqual([]);
  });

  it("renews before the ticket expires, then keeps the new one for its own life", async () => {
    const { names, renewals, at } = setup();
    at(4 * MINUTE);
    expect(await names()).toEqual(["t2"]);
    at(8 * MINUTE - 1);
    expect(await names()).toEqual(["t2"]);
    at(8 * MINUTE);
    expect(await names()).toEqual(["t3"]);
    expect(renewals).toEqual([START + 4 * MINUTE, START + 8 * MINUTE]);
  });

  it("measures a short ticket's margin as half its life", async () => {
    const { names, renewals, at } = setup(2000);
    at(999);
    expect(await names()).toEqual(["t1"]);
    at(1000);
    expect(await names()).toEqual(["t2"]);
    expect(renewals).toHaveLength(1);
  });

  it("shares one renewal among the requests that meet the old ticket together", async () => {
    const { keeper, renewals, at, nextRenewal, ticket } = setup();
    let answer: (value: ExpiringTicket) => void = () => undefined;
    nextRenewal(() => new Promise((resolve) => (answer = resolve)));
    at(4 * MINUTE + 30_000);
    const waiting = Promise.all([keeper.current(), keeper.current(), keeper.current()]);
    while (renewals.length === 0) await Promise.resolve();
    answer(ticket());
    expect((await waiting).map((t) => t.ticket)).toEqual(["t2", "t2", "t2"]);
    expect(renewals).toHaveLength(1);
  });

  it("keeps using the old ticket while it is valid when renewing fails, and tries again on the next request", async () => {
    const { names, renewals, at, nextRenewal } = setup();
    nextRenewal(() => Promise.reject(new Error("web app unreachable")));
    at(4 * MINUTE + 10_000);
    expect(await names(2)).toEqual(["t1", "t1"]);
    at(4 * MINUTE + 20_000);
    expect(await names()).toEqual(["t2"]);
    expect(renewals).toEqual([START + 4 * MINUTE + 10_000, START + 4 * MINUTE + 20_000]);
  });

  it("fails the request once the ticket expired and renewing fails, and recovers when renewing works again", async () => {
    const { keeper, names, at, nextRenewal } = setup();
    const refusal = new Error("FORBIDDEN");
    nextRenewal(() => Promise.reject(refusal));
    nextRenewal(() => {
      throw refusal;
    });
    at(5 * MINUTE);
    const failure = await keeper.current().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TicketExpiredError);
    expect((failure as Error).cause).toBe(refusal);
    // A renewal that throws at once fails the same way.
    await expect(keeper.current()).rejects.toBeInstanceOf(TicketExpiredError);
    at(6 * MINUTE);
    expect(await names()).toEqual(["t2"]);
  });

  it("answers a fresh ticket even when this clock already calls it expired (the servers' clock decides)", async () => {
    const { keeper, names, at, nextRenewal } = setup();
    nextRenewal(async () => ({ ticket: "skewed", expiresAt: new Date(START) }));
    at(5 * MINUTE);
    expect(await names()).toEqual(["skewed"]);
    await expect(keeper.current()).resolves.toMatchObject({ ticket: "t2" });
  });
});

describe("isTicketExpired", () => {
  it("finds the keeper's failure among an upload error's causes", () => {
    const expired = new TicketExpiredError("expired");
    const attempt = new Error("attempt failed", { cause: expired });
    expect(isTicketExpired(new Error("part failed", { cause: attempt }))).toBe(true);
    expect(isTicketExpired(new Error("part failed", { cause: new Error("network") }))).toBe(false);
    expect(isTicketExpired("expired")).toBe(false);
  });
});
