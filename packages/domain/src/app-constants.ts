// Product identity and the client-side policies of SPEC section 9 that are not about uploads.

export const PRODUCT_NAME = "Atelier";
export const PAGE_TITLE = `${PRODUCT_NAME} — project management for design requests`;

export const THEME_STORAGE_KEY = "theme";
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export const WALLPAPER_COUNT = 12;

// Randomness comes in as a number in [0, 1) so the caller owns it; anything outside
// that range is clamped rather than producing a wallpaper that does not exist.
export function wallpaperIndex(random: number): number {
  if (!Number.isFinite(random)) return 0;
  const index = Math.floor(random * WALLPAPER_COUNT);
  return Math.min(WALLPAPER_COUNT - 1, Math.max(0, index));
}

export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_SWIPE_DIRECTION = "right";
export const TOAST_HOTKEY = ["F8"] as const;
export const TOAST_VARIANTS = ["default", "destructive"] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

export const QUERY_RETRIES = 3;
export const MUTATION_RETRIES = 0;
export const QUERY_RETRY_BASE_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;

// attemptIndex is 0 for the first retry, as the query library counts it.
export function queryRetryDelay(attemptIndex: number): number {
  const exponent = Math.max(0, attemptIndex);
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** exponent, QUERY_RETRY_MAX_DELAY_MS);
}

export const SESSION_REFETCH_ON_WINDOW_FOCUS = true;

export const REALTIME_HEARTBEAT_INTERVAL_MS = 30_000;
export const REALTIME_TIMEOUT_MS = 10_000;
/** How often an open live stream looks its session up again, so a signed-out or changed viewer stops receiving. */
export const REALTIME_SESSION_CHECK_MS = 10_000;
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
export const REALTIME_EVENT_THROTTLE_MS = 100;
export const REALTIME_CHANNEL_STATES = ["closed", "joining", "joined", "errored", "leaving"] as const;
export type RealtimeChannelState = (typeof REALTIME_CHANNEL_STATES)[number];

// tries counts from 1; past the table the last delay repeats so reconnecting never stops.
export function realtimeReconnectDelay(tries: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  const index = Math.min(Math.max(1, Math.floor(tries)), delays.length) - 1;
  return delays[index] ?? delays[delays.length - 1] ?? 0;
}

export const STORAGE_LIST_LIMIT = 100;
export const STORAGE_CACHE_CONTROL_SECONDS = 3600;
export const AUTH_RETRY_STATUSES = [502, 503, 504] as const;

export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_QUALITY = 75;
