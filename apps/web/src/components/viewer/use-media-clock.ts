// The playhead of the video or sound the viewer plays: where it is (to the frame while playing, where the browser
// tells each frame shown), whether it plays, and the ways to move it: play, pause, step by frames, seek. A video
// steps and seeks to a frame's middle (frameTime in @atelier/domain), so the frame asked for is the one shown.
import { frameAt, frameTime, MEDIA_DEFAULT_FPS } from "@atelier/domain";
import { useCallback, useEffect, useRef, useState } from "react";

type Media = HTMLVideoElement | HTMLAudioElement;

/** How far a sound steps by a key or button: it has no frames. */
const SOUND_STEP_S = 0.1;

export function useMediaClock(
  fileId: string,
  options: {
    video: boolean;
    fps: number | null | undefined /** The probe's, for a stream that states none. */;
    duration: number | null | undefined;
  },
) {
  const fps = options.fps ?? MEDIA_DEFAULT_FPS;
  const [element, setElement] = useState<Media | null>(null);
  // Read by seek and play, which may be called in the same turn as a new file mounts (a pin of another file chosen).
  const current = useRef<Media | null>(null);
  const mediaRef = useCallback((el: Media | null) => {
    current.current = el;
    setElement(el);
  }, []);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const fpsRef = useRef(fps);
  fpsRef.current = fps;
  const probed = useRef(options.duration);
  probed.current = options.duration;
  // A seek asked for before the file could take it (a pin's link opens the viewer on its moment).
  const pending = useRef<number | null>(null);

  const [shownId, setShownId] = useState(fileId);
  if (shownId !== fileId) {
    setShownId(fileId);
    setTime(0);
    setDuration(null);
    setPlaying(false);
  }

  useEffect(() => {
    const el = element;
    if (!el) return;
    let frameRequest = 0;
    const video = el instanceof HTMLVideoElement && typeof el.requestVideoFrameCallback === "function" ? el : null;
    // While a video plays, each frame shown moves the clock; otherwise the media's own events do.
    const onFrame = (_: number, meta: VideoFrameCallbackMetadata) => {
      setTime(meta.mediaTime);
      if (video) frameRequest = video.requestVideoFrameCallback(onFrame);
    };
    const sync = () => setTime(el.currentTime);
    const onPlay = () => {
      setPlaying(true);
      if (video) frameRequest = video.requestVideoFrameCallback(onFrame);
    };
    const onPause = () => {
      setPlaying(false);
      if (video) video.cancelVideoFrameCallback(frameRequest);
      // Paused, a video rests on the middle of the frame it shows: what is pinned or compared there is that frame.
      const at = el instanceof HTMLVideoElement ? frameTime(frameAt(el.currentTime, fpsRef.current), fpsRef.current) : el.currentTime;
      if (Math.abs(el.currentTime - at) > 1e-3 && at <= el.duration) el.currentTime = at;
      setTime(at);
    };
    const onMeta = () => {
      setDuration(Number.isFinite(el.duration) ? el.duration : (probed.current ?? null));
      if (pending.current !== null) {
        el.currentTime = pending.current;
        pending.current = null;
      }
    };
    el.addEventListener("play", onPlay);
    el.addEventListener("pause", onPause);
    el.addEventListener("ended", onPause);
    el.addEventListener("seeked", sync);
    if (!video) el.addEventListener("timeupdate", sync);
    el.addEventListener("loadedmetadata", onMeta);
    el.addEventListener("durationchange", onMeta);
    if (el.readyState >= 1) onMeta();
    return () => {
      if (video) video.cancelVideoFrameCallback(frameRequest);
      el.removeEventListener("play", onPlay);
      el.removeEventListener("pause", onPause);
      el.removeEventListener("ended", onPause);
      el.removeEventListener("seeked", sync);
      el.removeEventListener("timeupdate", sync);
      el.removeEventListener("loadedmetadata", onMeta);
      el.removeEventListener("durationchange", onMeta);
    };
  }, [element]);

  /** Shows moment `seconds` (a video: the frame it falls in, at its middle), paused. */
  const seek = useCallback(
    (seconds: number) => {
      const at = options.video ? frameTime(frameAt(seconds, fps), fps) : Math.max(0, seconds);
      const el = current.current;
      setTime(at);
      if (!el || el.readyState < 1) {
        pending.current = at;
        return;
      }
      el.pause();
      el.currentTime = Number.isFinite(el.duration) ? Math.min(at, el.duration) : at;
    },
    [fps, options.video],
  );

  return {
    mediaRef,
    time,
    duration,
    playing,
    fps,
    seek,
    toggle: () => {
      const el = current.current;
      if (!el) return;
      if (el.paused) void el.play().catch(() => {});
      else el.pause();
    },
    /** Moves by `by` frames (a sound: tenths of a second), paused. */
    step: (by: number) => seek(options.video ? frameTime(frameAt(time, fps) + by, fps) : time + by * SOUND_STEP_S),
  };
}

export type MediaClock = ReturnType<typeof useMediaClock>;
