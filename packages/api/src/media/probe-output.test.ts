import { describe, expect, it } from "vitest";
import { readProbeOutput } from "./probe-output";

const banner = (...lines: string[]) =>
  ["ffmpeg version 4.1 Copyright (c) 2000-2018 the FFmpeg developers", ...lines, "At least one output file must be specified"].join("\n");

describe("readProbeOutput", () => {
  it("reads a WebM's length, frame rate, size and codecs", () => {
    const out = readProbeOutput(
      banner(
        "Input #0, matroska,webm, from 'spot.webm':",
        "  Metadata:",
        "    ENCODER         : Lavf58.20.100",
        "  Duration: 00:00:05.04, start: 0.000000, bitrate: 121 kb/s",
        "    Stream #0:0: Video: vp9 (Profile 0), yuv420p(tv, progressive), 320x240, SAR 1:1 DAR 4:3, 25 fps, 25 tbr, 1k tbn, 1k tbc (default)",
        "    Stream #0:1: Audio: opus, 48000 Hz, mono, fltp (default)",
      ),
    );
    expect(out).toEqual({ durationS: 5.04, fps: 25, width: 320, height: 240, videoCodec: "vp9", audioCodec: "opus" });
  });

  it("reads an MP4 at 29.97 fps over an hour long, its language tag and bracketed aspect", () => {
    const out = readProbeOutput(
      banner(
        "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'film.mp4':",
        "  Duration: 01:02:03.50, start: 0.000000, bitrate: 5120 kb/s",
        "    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 5000 kb/s, 29.97 fps, 29.97 tbr, 30k tbn, 59.94 tbc (default)",
        "    Stream #0:1(eng): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s (default)",
      ),
    );
    expect(out).toMatchObject({ durationS: 3723.5, fps: 29.97, width: 1920, height: 1080, videoCodec: "h264", audioCodec: "aac" });
  });

  it("turns a phone's video stored on its side upright", () => {
    const out = readProbeOutput(
      banner(
        "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'phone.mov':",
        "  Duration: 00:00:12.00, start: 0.000000, bitrate: 9000 kb/s",
        "    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080, 8900 kb/s, 30 fps, 30 tbr, 600 tbn, 1200 tbc (default)",
        "    Metadata:",
        "      rotate          : 90",
        "    Side data:",
        "      displaymatrix: rotation of -90.00 degrees",
        "    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 96 kb/s (default)",
      ),
    );
    expect(out).toMatchObject({ width: 1080, height: 1920 });
  });

  it("takes a sound's cover art for no video, and a ProRes master's codec as named", () => {
    const mp3 = readProbeOutput(
      banner(
        "Input #0, mp3, from 'jingle.mp3':",
        "  Duration: 00:00:30.02, start: 0.025057, bitrate: 192 kb/s",
        "    Stream #0:0: Audio: mp3, 44100 Hz, stereo, fltp, 192 kb/s",
        "    Stream #0:1: Video: mjpeg, yuvj420p(pc, bt470bg/unknown/unknown), 500x500, 90k tbr, 90k tbn, 90k tbc (attached pic)",
      ),
    );
    expect(mp3).toEqual({ durationS: 30.02, fps: null, width: null, height: null, videoCodec: null, audioCodec: "mp3" });
    const prores = readProbeOutput(
      banner(
        "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'master.mov':",
        "  Duration: N/A, start: 0.000000, bitrate: N/A",
        "    Stream #0:0(eng): Video: prores (apch / 0x68637061), yuv422p10le, 3840x2160, 23.98 tbr, 24k tbn, 24k tbc (default)",
      ),
    );
    expect(prores).toMatchObject({ durationS: null, fps: 23.98, videoCodec: "prores", width: 3840 });
  });

  it("answers null for what ffmpeg could not open", () => {
    expect(readProbeOutput("ffmpeg version 4.1\nnotes.txt: Invalid data found when processing input")).toBeNull();
  });
});
