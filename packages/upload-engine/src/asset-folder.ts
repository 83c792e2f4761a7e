// Storage paths for project assets and avatars (SPEC section 5).
import { sanitizeSegment } from "./sanitize-segment";

export interface AssetFolderInput {
  /** The business the project belongs to. */
  readonly client: string;
  /** The project name; its first 4 characters make the second level. */
  readonly name: string;
  readonly delivery?: boolean | string | null | undefined;
  readonly event?: string | null | undefined;
  readonly title?: string | null | undefined;
  readonly briefing?: boolean | string | null | undefined;
}

export const ASSET_SUBFOLDERS = {
  printReady: "PRINT-READY",
  briefing: "BRIEFING",
  materials: "MATERIALS",
} as const;

/** `CLIENT/first 4 characters of name/NAME/SUB`, every segment sanitised. */
export function assetFolder(input: AssetFolderInput): string {
  const prefix = Array.from(input.name).slice(0, 4).join("");
  return [input.client, prefix, input.name, assetSubfolder(input)].map(sanitizeSegment).join("/");
}

/** The subfolder alone, in the SPEC's order of precedence. */
export function assetSubfolder(input: AssetFolderInput): string {
  const title = input.title?.trim();
  if (input.delivery && title && !input.briefing) return title;
  if (input.event === "print") return ASSET_SUBFOLDERS.printReady;
  if (input.briefing) return ASSET_SUBFOLDERS.briefing;
  return ASSET_SUBFOLDERS.materials;
}

/** The urlPath of one asset file: its folder plus its sanitised file name. */
export function assetPath(input: AssetFolderInput, fileName: string): string {
  return `${assetFolder(input)}/${sanitizeSegment(fileName)}`;
}

/** `mode/id`; both segments sanitised so a caller cannot escape the mode folder. */
export function avatarPath(mode: string, id: string): string {
  return `${sanitizeSegment(mode)}/${sanitizeSegment(id)}`;
}
