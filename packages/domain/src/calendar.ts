// Calendar days (YYYY-MM-DD) as the studio counts them, in UTC: a module of its own, imported by every rule that
// counts days and importing none of them.

/**
 * The studio's calendar is UTC: "today" is the UTC day of the instant, the same for everyone wherever they sit,
 * and the same day the server's SQL compares with.
 */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The calendar day `days` after a YYYY-MM-DD day (before it when negative). */
export function addDays(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return utcDay(new Date(Date.UTC(y, m - 1, d + days)));
}
