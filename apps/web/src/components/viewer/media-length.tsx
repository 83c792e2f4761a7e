// On a video's or a sound's thumbnail: a play sign and how long it runs, once the server has probed it.
import { mediaLength, previewKind } from "@atelier/domain";
import { Music, Play } from "lucide-react";

export function MediaLength({ file }: { file: { name: string; type: string | null; media?: { durationS: number | null } | null } }) {
  const kind = previewKind(file);
  if (kind !== "video" && kind !== "audio") return null;
  const Icon = kind === "video" ? Play : Music;
  const length = file.media?.durationS;
  return (
    <span
      className="pointer-events-none absolute right-1 bottom-1 inline-flex items-center gap-0.5 rounded bg-black/70 px-1 text-[11px] leading-4 text-white tabular-nums"
      data-testid="media-length"
    >
      <Icon className="size-3" aria-label={kind === "video" ? "Video" : "Sound"} />
      {length != null && mediaLength(length)}
    </span>
  );
}
