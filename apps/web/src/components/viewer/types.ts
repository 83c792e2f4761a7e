// What the file viewer shows and what it hands the layers the proof viewer draws over it.
import type { PreviewKind } from "@atelier/domain";

export interface ViewedFile {
  id: string;
  name: string;
  type: string | null;
  size: number | null;
  /** Null while no upload server answers. */
  downloadUrl: string | null;
  /** The 300 px preview made on upload, or the site's placeholder (a path on this site) when there is none. */
  thumbnail?: string;
  /** A video's or a sound's probe on the server (length, frame rate, codecs); null or absent for other files. */
  media?: {
    status: "pending" | "done" | "failed";
    durationS: number | null;
    fps: number | null;
    videoCodec: string | null;
    audioCodec: string | null;
  } | null;
}

/** The playhead of a video or a sound shown. */
export interface MediaView {
  /** Seconds from the start (a video: within the frame shown). */
  time: number;
  fps: number;
  playing: boolean;
  /** Shows a moment (a video: its frame), paused. */
  seek: (seconds: number) => void;
}

/** A point on the shown file, as fractions 0–1 of its width and height. */
export interface SurfacePoint {
  x: number;
  y: number;
}

/** Takes one-finger (or mouse) drags on the file instead of panning: the proof viewer's pins. */
export interface SurfaceTool {
  start(at: SurfacePoint): void;
  move(at: SurfacePoint): void;
  end(): void;
}

/** What the viewer shows right now, for the layers drawn over it. */
export interface ViewState {
  file: ViewedFile;
  kind: PreviewKind;
  page: number;
  /** The file itself is shown (not a thumbnail, a download card or an error). */
  shown: boolean;
  /** A video's or a sound's playhead; null for other files. */
  media: MediaView | null;
}
