// The web app's client settings: how queries retry and how long their data stays, how live updates keep their
// stream, and the login screen's wallpapers. Tuning, not product rules (those are in @atelier/domain).

export const WALLPAPER_COUNT = 12;

// Randomness comes in as a number in [0, 1) so the caller owns it; anything outside
// that range is clamped rather than producing a wallpaper that does not exist.
export function wallpaperIndex(random: number): number {
  if (!Number.isFinite(random)) return 0;
  const index = Math.floor(random * WALLPAPER_COUNT);
  return Math.min(WALLPAPER_COUNT - 1, Math.max(0, index));
}

export const QUERY_RETRIES = 3;
const QUERY_RETRY_BASE_DELAY_MS = 1000;
const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;

// attemptIndex is 0 for the first retry, as the query library counts it.
export function queryRetryDelay(attemptIndex: number): number {
  const exponent = Math.max(0, attemptIndex);
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** exponent, QUERY_RETRY_MAX_DELAY_MS);
}

export const SESSION_REFETCH_ON_WINDOW_FOCUS = true;

export const REALTIME_HEARTBEAT_INTERVAL_MS = 30_000;
/** How often an open live stream looks its session up again, so a signed-out or changed viewer stops receiving. */
export const REALTIME_SESSION_CHECK_MS = 10_000;
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

// tries counts from 1; past the table the last delay repeats so reconnecting never stops.
export function realtimeReconnectDelay(tries: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  const index = Math.min(Math.max(1, Math.floor(tries)), delays.length) - 1;
  return delays[index] ?? delays[delays.length - 1] ?? 0;
}
