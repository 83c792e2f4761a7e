// The kit's client settings: how toasts stack, last and are dismissed, and where the chosen theme is kept.
// Tuning, not product rules (those are in @atelier/domain).

export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_SWIPE_DIRECTION = "right";
export const TOAST_HOTKEY = ["F8"] as const;
const TOAST_VARIANTS = ["default", "destructive"] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

export const THEME_STORAGE_KEY = "theme";
const THEMES = ["light", "dark", "system"] as const;
type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}
