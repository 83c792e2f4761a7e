// What ffmpeg says of a file it opens (its stderr: "Duration: …", one "Stream #…" line per stream), read into facts.
// By hand: the ffmpeg shipped in npm has no ffprobe, and its banner is the only description it gives.

export interface ProbeOutput {
  durationS: number | null;
  fps: number | null;
  /** As the video is shown: turned by its rotation (a phone's upright video is stored on its side). */
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
}

const STREAM = /^\s*Stream #\d+:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: (Video|Audio): ([A-Za-z0-9_-]+)(.*)$/;

/** Reads ffmpeg's description of its input; null when it found no input at all (not a media file it knows). */
export function readProbeOutput(stderr: string): ProbeOutput | null {
  if (!/^Input #0/m.test(stderr)) return null;
  const lines = stderr.split(/\r?\n/);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const out: ProbeOutput = {
    durationS: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
    fps: null,
    width: null,
    height: null,
    videoCodec: null,
    audioCodec: null,
  };
  let videoAt = -1;
  lines.forEach((line, i) => {
    const stream = STREAM.exec(line);
    if (!stream) return;
    const [, type, codec, rest = ""] = stream;
    if (type === "Audio") {
      out.audioCodec ??= codec!;
      return;
    }
    // A sound's cover art is a picture, not a video.
    if (out.videoCodec !== null || /\(attached pic\)/.test(rest)) return;
    out.videoCodec = codec!;
    videoAt = i;
    const size = /, (\d{1,5})x(\d{1,5})\b/.exec(rest);
    if (size) [out.width, out.height] = [Number(size[1]), Number(size[2])];
    const fps = /, (\d+(?:\.\d+)?) fps\b/.exec(rest) ?? /, (\d+(?:\.\d+)?) tbr\b/.exec(rest);
    if (fps && Number(fps[1]) > 0) out.fps = Number(fps[1]);
  });
  // A rotation of a quarter turn, in the video stream's side data or metadata, swaps what is shown.
  if (videoAt >= 0 && out.width !== null && out.height !== null) {
    const after = lines.slice(videoAt + 1);
    const end = after.findIndex((line) => STREAM.test(line) || /^\S/.test(line));
    const block = (end === -1 ? after : after.slice(0, end)).join("\n");
    const turn = /rotation of (-?\d+(?:\.\d+)?) degrees/.exec(block) ?? /rotate\s*:\s*(-?\d+)/.exec(block);
    if (turn && Math.abs(Math.round(Number(turn[1]) / 90)) % 2 === 1) [out.width, out.height] = [out.height, out.width];
  }
  return out;
}
