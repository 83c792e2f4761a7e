"use client";
// Two versions of a video side by side, in step (docs/compare.md, "Video and sound"): the later one leads (its
// sound is heard, its clock is the controls'), the earlier one follows: played, paused, stepped and sought with it,
// and put back on the leader's frame whenever it drifts by more than a frame while both play. Each side shows its
// pins on the frame shown.
import { frameAt } from "@atelier/domain";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { MediaControls } from "~/components/viewer/media-controls";
import { useMediaClock } from "~/components/viewer/use-media-clock";
import type { RoundFile } from "./comparable";
import { Pinned, type useFilePins } from "./compare-pins";
import { SyncedPanes } from "./synced-panes";

type Pins = ReturnType<typeof useFilePins>;
type Side = { file: RoundFile; caption: string; pins: Pins };

/** Keeps `follower` on the frame `leader` shows: at every play, pause, seek, and each frame while playing. */
function useFollow(leader: HTMLVideoElement | null, follower: RefObject<HTMLVideoElement | null>, fps: number) {
  useEffect(() => {
    if (!leader) return;
    const align = (at = leader.currentTime) => {
      const other = follower.current;
      if (!other || other.readyState < 1) return;
      const target = Number.isFinite(other.duration) ? Math.min(at, other.duration) : at;
      if (Math.abs(other.currentTime - target) > 1e-3) other.currentTime = target;
    };
    let frame = 0;
    const watch = typeof leader.requestVideoFrameCallback === "function";
    const onFrame = (_: number, meta: VideoFrameCallbackMetadata) => {
      const other = follower.current;
      if (other && Math.abs(other.currentTime - meta.mediaTime) > 1 / fps) align(meta.mediaTime);
      if (!leader.paused) frame = leader.requestVideoFrameCallback(onFrame);
    };
    const onPlay = () => {
      align();
      void follower.current?.play().catch(() => {});
      if (watch) frame = leader.requestVideoFrameCallback(onFrame);
    };
    const onPause = () => {
      follower.current?.pause();
      if (watch) leader.cancelVideoFrameCallback(frame);
      align();
    };
    const onSeeked = () => align();
    leader.addEventListener("play", onPlay);
    leader.addEventListener("pause", onPause);
    leader.addEventListener("ended", onPause);
    leader.addEventListener("seeked", onSeeked);
    return () => {
      if (watch) leader.cancelVideoFrameCallback(frame);
      leader.removeEventListener("play", onPlay);
      leader.removeEventListener("pause", onPause);
      leader.removeEventListener("ended", onPause);
      leader.removeEventListener("seeked", onSeeked);
    };
  }, [leader, follower, fps]);
}

export function CompareVideos({ before, after, zoom, showPins }: { before: Side; after: Side; zoom: number; showPins: boolean }) {
  const clock = useMediaClock(`${before.file.id}|${after.file.id}`, {
    video: true,
    fps: after.file.media?.fps ?? before.file.media?.fps,
    duration: after.file.media?.durationS,
  });
  const [leader, setLeader] = useState<HTMLVideoElement | null>(null);
  const follower = useRef<HTMLVideoElement | null>(null);
  useFollow(leader, follower, clock.fps);
  const { mediaRef } = clock;
  const leaderRef = useCallback(
    (el: HTMLVideoElement | null) => {
      mediaRef(el);
      setLeader(el);
    },
    [mediaRef],
  );
  const frame = frameAt(clock.time, clock.fps);
  const onFrame = (pins: Pins) => (showPins ? pins.filter((p) => p.at !== null && frameAt(p.at, clock.fps) === frame) : []);
  const video = (side: Side, lead: boolean) => (width: number) => (
    <Pinned pins={onFrame(side.pins)}>
      <video
        ref={lead ? leaderRef : follower}
        src={side.file.downloadUrl ?? undefined}
        crossOrigin="anonymous"
        preload="auto"
        playsInline
        // One sound at a time: the later version's.
        muted={!lead}
        data-testid="compare-video"
        aria-label={side.caption}
        className="block h-auto max-w-none bg-black"
        style={{ width }}
      />
    </Pinned>
  );
  return (
    <div className="grid gap-3">
      <SyncedPanes
        zoom={zoom}
        panes={[
          { caption: before.caption, render: video(before, false) },
          { caption: after.caption, render: video(after, true) },
        ]}
      />
      <MediaControls
        clock={clock}
        video
        marks={[before, after].flatMap((side) =>
          side.pins.flatMap((p, i) =>
            p.at === null
              ? []
              : [
                  {
                    id: p.id,
                    at: p.at,
                    label: `${side.caption}, pin ${i + 1}: ${p.body}`,
                    selected: false,
                    internal: p.shadow,
                    onSelect: () => clock.seek(p.at ?? 0),
                  },
                ],
          ),
        )}
      />
    </div>
  );
}
