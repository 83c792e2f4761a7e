// Keeps an upload going across ticket expiry: tickets live minutes (so revoking access takes minutes), an upload
// may take hours, so each request asks the keeper for a ticket and it renews the one it holds near its end.

/** What the keeper needs of a ticket: the ticket, and when the upload servers stop taking it. */
export interface ExpiringTicket {
  readonly ticket: string;
  readonly expiresAt: Date;
}

export interface TicketKeeper<T extends ExpiringTicket> {
  /**
   * The ticket to send now: the one held, or a renewed one once less than its margin is left. Rejects with a
   * TicketExpiredError when the held ticket has expired and no new one could be had.
   */
  current(): Promise<T>;
}

/** The held ticket expired and renewing it failed: the request cannot be sent. */
export class TicketExpiredError extends Error {
  override readonly name = "TicketExpiredError";
}

const MAX_MARGIN_MS = 60_000;
// Upload errors wrap their cause a level or two deep (the file's failure, its last attempt, then this).
const MAX_CAUSE_DEPTH = 8;

/** How long before its end a ticket is renewed: a minute, or half its life when that is shorter. */
export function renewalMargin(lifeMs: number): number {
  return Math.min(MAX_MARGIN_MS, Math.max(0, lifeMs) / 2);
}

/** Whether `error`, or one of its causes, is a TicketExpiredError. */
export function isTicketExpired(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth += 1) {
    if (current instanceof TicketExpiredError) return true;
    current = current.cause;
  }
  return false;
}

/**
 * `first` is the ticket in hand; `renew` asks for another. Callers meeting a ticket near its end share one renewal.
 * Its life is measured from when the keeper got it, on `now`'s clock.
 */
export function createTicketKeeper<T extends ExpiringTicket>(
  first: T,
  renew: () => Promise<T>,
  now: () => number = Date.now,
): TicketKeeper<T> {
  const holding = (ticket: T) => {
    const expiresAt = ticket.expiresAt.getTime();
    return { ticket, expiresAt, renewAt: expiresAt - renewalMargin(expiresAt - now()) };
  };
  let held = holding(first);
  let renewal: Promise<T> | undefined;

  const startRenewal = (): Promise<T> =>
    Promise.resolve()
      .then(renew)
      .then((fresh) => {
        held = holding(fresh);
        return fresh;
      })
      .finally(() => {
        renewal = undefined;
      });

  return {
    async current() {
      if (now() < held.renewAt) return held.ticket;
      const stale = held;
      renewal ??= startRenewal();
      try {
        // A fresh ticket is sent even if this clock already calls it old: the servers' clock decides.
        return await renewal;
      } catch (error) {
        // Until it expires the old ticket still works; the next request tries renewing again.
        if (now() < stale.expiresAt) return stale.ticket;
        throw new TicketExpiredError("The upload ticket expired and could not be renewed", { cause: error });
      }
    },
  };
}
