import { describe, expect, it } from "vitest";
import { clockTime, frameAt, frameTime, mediaLength, momentRefusal, parseTimecode, timecode, timelineFraction } from "./media-time";
import { mediaTimeInput } from "./media-time-inputs";

describe("frames and timecodes", () => {
  it("names frame 62 of a 25 fps video 00:00:02:12, from its first instant to its last", () => {
    expect(frameAt(62 / 25, 25)).toBe(62);
    expect(frameAt(63 / 25 - 1e-4, 25)).toBe(62);
    expect(frameAt(63 / 25, 25)).toBe(63);
    expect(timecode(frameTime(62, 25), 25)).toBe("00:00:02:12");
    expect(timecode(0, 25)).toBe("00:00:00:00");
  });

  it("seeks to a frame's middle, which shows that frame and no neighbour", () => {
    for (const fps of [23.976, 24, 25, 29.97, 30, 50, 60]) {
      for (const frame of [0, 1, 61, 62, 1799, 86_399]) expect(frameAt(frameTime(frame, fps), fps)).toBe(frame);
    }
  });

  it("takes a clock a hair before a frame's start for that frame (floating point of n / fps)", () => {
    expect(frameAt((3 / 30) * (1 - 1e-12), 30)).toBe(3);
  });

  it("counts 30 frames to a 29.97 fps second (non-drop-frame), and hours past the first", () => {
    expect(timecode(frameTime(1800, 29.97), 29.97)).toBe("00:01:00:00");
    expect(timecode(frameTime(29, 29.97), 29.97)).toBe("00:00:00:29");
    expect(timecode(frameTime(25 * 3723 + 7, 25), 25)).toBe("01:02:03:07");
  });

  it("reads typed timecodes back to their frame, refusing what is not one", () => {
    expect(parseTimecode("00:00:02:12", 25)).toBe(62);
    expect(parseTimecode("2:12", 25)).toBe(62);
    expect(parseTimecode("01:02:03;07", 25)).toBe(25 * 3723 + 7);
    expect(parseTimecode("00:00:02:25", 25)).toBeNull();
    expect(parseTimecode("00:60:00:00", 25)).toBeNull();
    expect(parseTimecode("12", 25)).toBeNull();
    expect(parseTimecode("a:b", 25)).toBeNull();
    expect(parseTimecode("1:2:3:4:5", 25)).toBeNull();
    for (const frame of [0, 62, 1799, 90_000]) expect(parseTimecode(timecode(frameTime(frame, 30), 30), 30)).toBe(frame);
  });

  it("shows a sound's moment to the hundredth", () => {
    expect(clockTime(0)).toBe("00:00:00.00");
    expect(clockTime(62.5)).toBe("00:01:02.50");
    expect(clockTime(3600 + 0.07)).toBe("01:00:00.07");
  });

  it("says how long a file runs as a player does", () => {
    expect(mediaLength(3)).toBe("0:03");
    expect(mediaLength(2.2)).toBe("0:02");
    expect(mediaLength(4.02)).toBe("0:04");
    expect(mediaLength(0.3)).toBe("0:01");
    expect(mediaLength(760)).toBe("12:40");
    expect(mediaLength(3723)).toBe("1:02:03");
    expect(mediaLength(0)).toBe("0:00");
  });

  it("places a moment on the timeline, within it, and at the start while the length is unknown", () => {
    expect(timelineFraction(2.5, 10)).toBe(0.25);
    expect(timelineFraction(12, 10)).toBe(1);
    expect(timelineFraction(-1, 10)).toBe(0);
    expect(timelineFraction(3, null)).toBe(0);
  });

  it("takes moments from 0 to a day", () => {
    expect(mediaTimeInput.safeParse(2.48).success).toBe(true);
    expect(mediaTimeInput.safeParse(-0.01).success).toBe(false);
    expect(mediaTimeInput.safeParse(Number.NaN).success).toBe(false);
    expect(mediaTimeInput.safeParse(24 * 3600 + 1).success).toBe(false);
  });
});

describe("momentRefusal", () => {
  it("asks a video's or a sound's pin for a moment within the file, and refuses one on a page or an image", () => {
    expect(momentRefusal("video", 2.48, 5)).toBeNull();
    expect(momentRefusal("audio", 0, null)).toBeNull();
    expect(momentRefusal("video", 9, null)).toBeNull();
    expect(momentRefusal("video", undefined, 5)).toMatch(/pinned to a moment/);
    expect(momentRefusal("audio", 7, 5)).toMatch(/past the end/);
    expect(momentRefusal("image", undefined, null)).toBeNull();
    expect(momentRefusal("pdf", 1, null)).toMatch(/Only a video or a sound/);
  });
});
