// Moments of a video or a sound (docs/compare.md, "Video and sound"): a comment on a video is pinned to a frame, on a
// sound to a moment, both kept as seconds from the start. Frames are counted from 0; frame n is shown from n / fps
// until (n + 1) / fps, so the viewer seeks to a frame's middle, where no rounding of the player's clock can show its
// neighbour. Timecodes are SMPTE's HH:MM:SS:FF, non-drop-frame (29.97 fps counts 30 frames to its second, as editing
// software shows it unless told otherwise).
import type { PreviewKind } from "./file-preview";

/** Where the server's probe of a video or a sound stands: waiting (or to be tried again), done, given up. */
export const MEDIA_PROBE_STATUSES = ["pending", "done", "failed"] as const;
export type MediaProbeStatus = (typeof MEDIA_PROBE_STATUSES)[number];

/** The frame rate assumed while a video's own is not known (its probe has not run, or found none). */
export const MEDIA_DEFAULT_FPS = 25;

/** The frame shown at `seconds` (a small tolerance for clocks that land a hair before a frame's start). */
export function frameAt(seconds: number, fps: number): number {
  return Math.max(0, Math.floor(seconds * fps + 1e-6));
}

/** Where to seek to show `frame`: its middle. */
export function frameTime(frame: number, fps: number): number {
  return (Math.max(0, frame) + 0.5) / fps;
}

const two = (n: number) => String(n).padStart(2, "0");

/** The timecode of the frame shown at `seconds`: HH:MM:SS:FF. */
export function timecode(seconds: number, fps: number): string {
  const nominal = Math.max(1, Math.round(fps));
  const frame = frameAt(seconds, fps);
  const whole = Math.floor(frame / nominal);
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor(whole / 60) % 60)}:${two(whole % 60)}:${two(frame % nominal)}`;
}

/** A moment of a sound, to the hundredth: HH:MM:SS.cc. */
export function clockTime(seconds: number): string {
  const hundredths = Math.max(0, Math.floor(seconds * 100 + 1e-6));
  const whole = Math.floor(hundredths / 100);
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor(whole / 60) % 60)}:${two(whole % 60)}.${two(hundredths % 100)}`;
}

/**
 * The frame a typed timecode names (HH:MM:SS:FF, or MM:SS:FF, or SS:FF), or null when it is not one: a field with
 * more frames than the rate has, or minutes or seconds past 59.
 */
export function parseTimecode(text: string, fps: number): number | null {
  const parts = text.trim().split(/[:;]/);
  if (parts.length < 2 || parts.length > 4 || parts.some((p) => !/^\d{1,2}$/.test(p))) return null;
  const [ff, ss = 0, mm = 0, hh = 0] = parts.map(Number).reverse() as [number, number?, number?, number?];
  const nominal = Math.max(1, Math.round(fps));
  if (ff >= nominal || ss > 59 || mm > 59) return null;
  return ((hh * 60 + mm) * 60 + ss) * nominal + ff;
}

/** How long a video or a sound runs, as a player shows it: 0:03, 12:40, 1:02:03 (to the nearest second, 0:01 at least). */
export function mediaLength(seconds: number): string {
  const whole = seconds > 0 ? Math.max(1, Math.round(seconds)) : 0;
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Where a moment sits along a timeline of `duration` seconds, as a fraction 0–1 (0 while the length is unknown). */
export function timelineFraction(seconds: number, duration: number | null): number {
  if (!duration || duration <= 0) return 0;
  return Math.min(1, Math.max(0, seconds / duration));
}

/**
 * Why a pin cannot be made at moment `at` (seconds; undefined when none was given) on a file of `kind` that runs
 * `durationS` (null while unknown), or null when it can: a video's or a sound's pins have a moment within the file,
 * other files' have none.
 */
export function momentRefusal(kind: PreviewKind, at: number | undefined, durationS: number | null): string | null {
  if (kind !== "video" && kind !== "audio") return at === undefined ? null : "Only a video or a sound has moments to pin a comment to.";
  if (at === undefined) return "A comment on a video or a sound is pinned to a moment of it: say when.";
  // The player's clock may run a frame past the length the file states.
  if (durationS !== null && at > durationS + 1) return "That moment is past the end of the file.";
  return null;
}
