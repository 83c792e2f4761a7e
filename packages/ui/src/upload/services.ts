// What the upload dialog needs from its host app: tickets, signed URLs, where storage lives, and I/O.
import type { AvatarMode, ImageBucket } from "@atelier/domain";
import type { CompressionTarget, FetchLike, ImageSize, PartPreparer, Sha256 } from "@atelier/upload-engine";

/** The four fields the parent receives for every uploaded file (docs/upload-protocol.md, "The upload dialog and its messages"). */
export interface UploadedFile {
  id: string;
  url: string;
  thumbnail: string;
  blur: string;
  /** Additive: what the parent may want to keep about the file. */
  name?: string;
  size?: number;
  type?: string;
  sha256?: string;
}

/** An avatar, or a project's files: those go to the folder the server's upload ticket names. */
export type UploadPurpose = { type: "avatar"; mode: AvatarMode } | { type: "asset" };

export interface UploadServices {
  /** Origin that serves /storage/v1 (public image URLs are built on it). */
  storageBase: string;
  /** Shown for files without a thumbnail, and when making one fails. */
  placeholderUrl: string;
  /**
   * A ticket for the upload servers, when they stop taking it, and the one folder it covers, which the server
   * decides. Asked for again while an upload runs, before the ticket expires.
   */
  uploadTicket(): Promise<{ ticket: string; expiresAt: Date; balancerUrl: string; folder: string }>;
  /** auth.createSignedURL: a token for one object of an image bucket. */
  signUpload(bucket: ImageBucket, path: string): Promise<string>;
  /** Random ids for avatar and preview paths ([A-Za-z0-9_-], 16+ characters). */
  randomId(): string;
  fetch: typeof fetch;
  /** Sends the upload requests when given: one that reports upload progress (see `xhrFetch`) moves the bar with the bytes. */
  uploadFetch?: FetchLike;
  sha256?: Sha256;
  /** Reads, hashes and encodes parts off the page's main thread (see `workerPartPreparer`); without it they are prepared here. */
  preparePart?: PartPreparer;
  /** Crops and scales an image to an exact size (`resizeImage`). */
  resizeImage(file: Blob, size: ImageSize): Promise<Blob>;
  /**
   * Whose uploads these are and where they go (one person, one folder): given, a chunked upload that does not finish
   * is remembered in this browser under it, and resumes when the same file is chosen again in a dialog of the same
   * scope. Without it nothing is remembered.
   */
  unfinishedScope?: string;
  /**
   * Compresses a picked photo to a target before it is cropped, off the page's main thread; without it the crop
   * decodes the photo as picked.
   */
  compressImage?(file: Blob, target: CompressionTarget): Promise<Blob>;
  /**
   * The first page of a PDF drawn as an image `width` px wide, for its thumbnail: a preview made once on upload, so
   * lists and the viewer never read a large PDF to show what it is. Without it, PDFs get the placeholder.
   */
  firstPdfPage?(file: Blob, width: number): Promise<Blob>;
}
