// Storage paths for project assets and avatars (docs/upload-protocol.md, "Names and folders").
import { BRAND_FOLDER, fileKindFolder, INTAKE_FOLDER } from "@atelier/domain";
import { sanitizeSegment } from "./sanitize-segment";

export interface AssetFolderInput {
  /** The business the project belongs to. */
  readonly client: string;
  /** Its id: two businesses whose names sanitise alike still get folders of their own. */
  readonly clientId: string;
  /** The project name; its first 4 characters make the second level. */
  readonly name: string;
  /** Its id, for the same reason. */
  readonly projectId: string;
  /** The subfolder itself, such as a file kind's (FILE_KINDS in @atelier/domain); given, the flags below play no part. */
  readonly subfolder?: string | undefined;
  readonly delivery?: boolean | string | null | undefined;
  readonly event?: string | null | undefined;
  readonly title?: string | null | undefined;
  readonly briefing?: boolean | string | null | undefined;
}

export const ASSET_SUBFOLDERS = {
  printReady: fileKindFolder("print_ready"),
  briefing: fileKindFolder("briefing"),
  materials: fileKindFolder("materials"),
} as const;

// Room for the id after a name in one segment (sanitizeSegment keeps at most 200 characters).
const LABEL_LENGTH = 100;

/** A name kept for people to read, then the id that makes the segment unique: `Joes_Pizza-<id>`. */
function labelled(name: string, id: string): string {
  return `${sanitizeSegment(name).slice(0, LABEL_LENGTH)}-${sanitizeSegment(id)}`;
}

/** `CLIENT-clientId/first 4 characters of name/NAME-projectId/SUB`, every segment sanitised. */
export function assetFolder(input: AssetFolderInput): string {
  const prefix = Array.from(input.name).slice(0, 4).join("");
  return [
    labelled(input.client, input.clientId),
    sanitizeSegment(prefix),
    labelled(input.name, input.projectId),
    sanitizeSegment(assetSubfolder(input)),
  ].join("/");
}

/** `CLIENT-clientId/BRAND`: a business's brand library, beside its projects' folders. */
export function brandFolder(business: { name: string; id: string }): string {
  return `${labelled(business.name, business.id)}/${BRAND_FOLDER}`;
}

/**
 * `CLIENT-clientId/INTAKE/userId-intakeId`: the files one person gives with one request's form before the project
 * exists, apart from everyone else's; the project then keeps them as its briefing files.
 */
export function intakeFolder(business: { name: string; id: string }, userId: string, intakeId: string): string {
  return `${labelled(business.name, business.id)}/${INTAKE_FOLDER}/${sanitizeSegment(`${userId}-${intakeId}`)}`;
}

/** The subfolder alone, in the order of docs/upload-protocol.md, "Names and folders". */
export function assetSubfolder(input: AssetFolderInput): string {
  if (input.subfolder) return input.subfolder;
  const title = input.title?.trim();
  if (input.delivery && title && !input.briefing) return title;
  if (input.event === "print") return ASSET_SUBFOLDERS.printReady;
  if (input.briefing) return ASSET_SUBFOLDERS.briefing;
  return ASSET_SUBFOLDERS.materials;
}

/** The urlPath of one asset file: its folder (see assetFolder) plus its sanitised file name. */
export function assetPath(folder: string, fileName: string): string {
  return `${folder}/${sanitizeSegment(fileName)}`;
}

/** `mode/id`; both segments sanitised so a caller cannot escape the mode folder. */
export function avatarPath(mode: string, id: string): string {
  return `${sanitizeSegment(mode)}/${sanitizeSegment(id)}`;
}
