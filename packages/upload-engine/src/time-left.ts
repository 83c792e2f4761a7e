// An honest time left: the rate of the last few seconds of bytes sent, and nothing until there is one.

export interface SentSample {
  /** Milliseconds on any steady clock. */
  readonly at: number;
  /** Bytes sent by then. */
  readonly bytes: number;
}

/** How far back the rate looks: long enough to smooth bursts of parts, short enough to follow a changing link. */
export const RATE_WINDOW_MS = 8000;
/** Less than this much time, or no bytes moving, gives no estimate rather than a made-up one. */
export const MIN_RATE_SPAN_MS = 1000;

/** Adds a sample and drops those older than the window (always keeping one from before it, to span it). */
export function addSample(samples: readonly SentSample[], sample: SentSample): SentSample[] {
  const last = samples.at(-1);
  // Bytes going back means a failed attempt: the old samples no longer describe this transfer.
  const kept = last && sample.bytes < last.bytes ? [] : [...samples];
  kept.push(sample);
  while (kept.length > 2 && kept[1]!.at <= sample.at - RATE_WINDOW_MS) kept.shift();
  return kept;
}

/** Whole seconds left at the recent rate, or undefined while the rate is unknown (too early, or stalled). */
export function secondsLeft(samples: readonly SentSample[], total: number): number | undefined {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last) return undefined;
  if (last.bytes >= total) return 0;
  const span = last.at - first.at;
  const moved = last.bytes - first.bytes;
  if (span < MIN_RATE_SPAN_MS || moved <= 0) return undefined;
  return Math.ceil(((total - last.bytes) * span) / moved / 1000);
}
