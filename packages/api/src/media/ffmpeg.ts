// The ffmpeg binary the server probes videos and sounds with: FFMPEG_PATH when set, else the one shipped inside the
// npm package @ffmpeg-installer/ffmpeg (nothing is downloaded at run time). Runs are bounded in time and output.
import { spawn } from "node:child_process";

/** The binary to run, or null where none is shipped for this platform (videos then play without a poster). */
export async function findFfmpeg(configured?: string): Promise<string | null> {
  if (configured) return configured;
  try {
    return (await import("@ffmpeg-installer/ffmpeg")).default.path;
  } catch {
    return null;
  }
}

/** ffmpeg's answer: its exit code (null when it was stopped), what it wrote out (capped), and its messages. */
export interface FfmpegRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs ffmpeg with `args`; stopped after `timeoutMs`, and once it has written more than `maxOutput` bytes. */
export function runFfmpeg(ffmpeg: string, args: string[], options: { timeoutMs: number; maxOutput: number }): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ["-hide_banner", "-nostdin", "-loglevel", "info", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > options.maxOutput) child.kill("SIGKILL");
      else out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      // Its description comes first; a long run's progress lines need not be kept.
      if (err.length < 64_000) err += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: err });
    });
  });
}
