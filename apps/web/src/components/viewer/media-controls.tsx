"use client";
// Below a video or a sound: play and pause, step a frame back and on (a sound: a tenth of a second), the timecode of
// the frame shown (HH:MM:SS:FF; a sound's moment to the hundredth), and the timeline, a slider with a mark for each
// pin at its moment. A mark is a button: it shows its pin's moment and names it.
import { clockTime, frameAt, timecode, timelineFraction } from "@atelier/domain";
import { Button, cn } from "@atelier/ui";
import { Pause, Play, StepBack, StepForward } from "lucide-react";
import type { MediaClock } from "./use-media-clock";

/** A pin's place on the timeline. */
export interface TimelineMark {
  id: string;
  at: number;
  label: string;
  selected: boolean;
  internal: boolean;
  onSelect: () => void;
}

export function MediaControls({ clock, video, marks }: { clock: MediaClock; video: boolean; marks: TimelineMark[] }) {
  const { time, duration, playing, fps } = clock;
  const shown = video ? timecode(time, fps) : clockTime(time);
  // A video's slider stands on the start of the frame shown, on its grid of frames: a value between two steps would
  // be moved to one by the browser, and read back as the next frame.
  const position = Math.min(video ? frameAt(time, fps) / fps : time, duration ?? 0);
  return (
    <fieldset className="m-0 grid min-w-0 gap-1 border-0 p-0" data-testid="media-controls">
      <legend className="sr-only">{video ? "Video" : "Sound"}</legend>
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          className="size-11 sm:size-11"
          aria-label={video ? "Previous frame" : "Back a tenth of a second"}
          aria-keyshortcuts=","
          onClick={() => clock.step(-1)}
        >
          <StepBack aria-hidden />
        </Button>
        <Button
          size="icon"
          className="size-11 sm:size-11"
          aria-label={playing ? "Pause" : "Play"}
          aria-keyshortcuts="Space"
          onClick={clock.toggle}
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-11 sm:size-11"
          aria-label={video ? "Next frame" : "On a tenth of a second"}
          aria-keyshortcuts="."
          onClick={() => clock.step(1)}
        >
          <StepForward aria-hidden />
        </Button>
        <output className="px-2 font-mono text-sm tabular-nums" data-testid="timecode" aria-label={video ? "Timecode" : "Time"}>
          {shown}
        </output>
        {duration !== null && (
          <span className="font-mono text-xs text-muted-foreground tabular-nums">
            / {video ? timecode(Math.max(0, duration - 1e-3), fps) : clockTime(duration)}
          </span>
        )}
        {video && <span className="ml-auto text-xs text-muted-foreground">{Math.round(fps * 100) / 100} fps</span>}
      </div>
      <div className="relative pt-5">
        {/* Over the slider's track, which runs inside its thumb's half-width at each end. */}
        <div className="absolute inset-x-2 top-0 h-6">
          {marks.map((mark) => (
            <button
              key={mark.id}
              type="button"
              data-testid="timeline-mark"
              aria-label={`${mark.label}, at ${video ? timecode(mark.at, fps) : clockTime(mark.at)}`}
              title={mark.label}
              onClick={mark.onSelect}
              className={cn(
                "absolute top-0 grid h-6 w-6 -translate-x-1/2 place-items-center rounded-sm",
                "after:block after:h-4 after:w-1.5 after:rounded-sm",
                mark.internal ? "after:bg-amber-500" : "after:bg-fuchsia-600",
                mark.selected && "ring-2 ring-ring",
              )}
              style={{ left: `${timelineFraction(mark.at, duration) * 100}%` }}
            />
          ))}
        </div>
        <input
          type="range"
          aria-label="Timeline"
          aria-valuetext={shown}
          min={0}
          max={duration ?? 0}
          step={video ? 1 / fps : 0.01}
          value={position}
          disabled={duration === null}
          onChange={(e) => clock.seek(Number(e.target.value))}
          className="h-8 w-full accent-primary"
          data-testid="timeline"
        />
      </div>
    </fieldset>
  );
}
