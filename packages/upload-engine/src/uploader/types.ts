// Public shapes of the uploader: what it is given, what it reports and what it answers.

import type { Base64Encoder } from "../base64";
import type { AttemptFailedError, UploadError } from "../errors";
import type { PartPreparer } from "../part-worker";
import type { RequestBody } from "../request-body";
import type { Sha256 } from "../sha256";
import type { UploadSource } from "../upload-source";

/** The request options the uploader uses; `globalThis.fetch` and any fetch wrapper fit. */
export interface FetchInit {
  readonly method: "GET" | "POST";
  readonly headers: Record<string, string>;
  readonly body?: RequestBody;
  readonly signal: AbortSignal;
  /**
   * Optional: a transport that can see its request body leave (XMLHttpRequest's upload events, a
   * streamed body) calls this with the body bytes sent so far; fetch ignores it.
   */
  readonly onUploadProgress?: ((loaded: number, total: number) => void) | undefined;
}

export interface FetchResponse {
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** Waits `ms`; should reject when `signal` aborts (the uploader also races it). */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

type HeaderRecord = Readonly<Record<string, string>>;

/** Extra headers on every request, such as `Authorization`; a function is called per request so short-lived tickets can be refreshed. */
export type HeadersOption = HeaderRecord | (() => HeaderRecord | Promise<HeaderRecord>);

export interface UploadProgress {
  readonly fileIndex: number;
  readonly fileName: string;
  /** Bytes of the file the servers acknowledged; reaches `bytesTotal` when the file completes. */
  readonly bytesUploaded: number;
  readonly bytesTotal: number;
  /**
   * Bytes of the file sent so far: those acknowledged plus the parts still on the wire, as far as
   * the transport reports them (see FetchInit.onUploadProgress); falls back when an attempt fails.
   */
  readonly bytesSent: number;
  /** The chunked upload's group once part 1 was acknowledged; persist it to resume after a reload. */
  readonly groupId?: string | undefined;
}

export interface UploaderCallbacks {
  readonly onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Every failed attempt, retried or not, for toasts such as 'Remaining Retries: n'. */
  readonly onAttemptError?: ((error: AttemptFailedError) => void) | undefined;
}

export interface UploaderOptions extends UploaderCallbacks {
  /** Base URL of the balancer; `GET {balancerUrl}/` answers `{ url }`. */
  readonly balancerUrl: string;
  readonly fetch: FetchLike;
  readonly sleep?: Sleep | undefined;
  /** Adds `x-content-sha256` to every part when given. */
  readonly sha256?: Sha256 | undefined;
  /**
   * Send parts as raw bytes (`Content-Type: application/octet-stream`, `x-body-encoding: binary`)
   * to servers that offer it in the balancer's answer, a quarter fewer bytes than base64 and no
   * encoding; base64, the base wire (docs/upload-protocol.md), to every other server. Default true; false always sends base64.
   */
  readonly binaryParts?: boolean | undefined;
  /** Encodes base64 part bodies; the engine's own JavaScript encoder when not given. */
  readonly base64?: Base64Encoder | undefined;
  /**
   * Reuse a part's body for a later part once its request has settled, instead of allocating
   * one per part. For transports that send the given bytes as they are (node:http): a browser's
   * fetch copies every body, so there reuse would only keep a second copy alive. A transport
   * still writing a body after its answer came (an early error answer) may send reused bytes
   * on that doomed connection, never in a request that succeeds.
   */
  readonly reuseBodies?: boolean | undefined;
  readonly headers?: HeadersOption | undefined;
  /**
   * Reads, hashes and encodes parts elsewhere (a Web Worker, see `workerPartPreparer`) instead of on the caller's thread;
   * a part it declines is prepared here as usual.
   */
  readonly preparePart?: PartPreparer | undefined;
}

/** A group to continue: from a failure's `resume`, or only its id after a page reload. */
export interface ResumeInput {
  readonly groupId: string;
  readonly acknowledgedParts?: readonly number[] | undefined;
}

export interface UploadFile {
  readonly source: UploadSource;
  /** Where the servers store the file, sent as the `urlPath` header; see `assetPath` and `avatarPath`. */
  readonly urlPath: string;
  readonly resume?: ResumeInput | undefined;
}

export interface UploadOptions extends UploaderCallbacks {
  /** Cancels every file promptly; unfinished files answer an UploadAbortedError that can be resumed. */
  readonly signal?: AbortSignal | undefined;
}

export interface UploadSuccess {
  readonly ok: true;
  readonly fileIndex: number;
  readonly fileName: string;
  readonly urlPath: string;
  /** group_id of a whole-file upload, the group id (egnyte_id) of a chunked one. */
  readonly id: string;
  readonly url: string;
  /** The server's hex SHA-256 of the stored file, when it sends one. */
  readonly sha256?: string;
}

export interface UploadFailure {
  readonly ok: false;
  readonly fileIndex: number;
  readonly fileName: string;
  readonly urlPath: string;
  readonly error: UploadError;
}

export type UploadOutcome = UploadSuccess | UploadFailure;

export interface Uploader {
  /** Uploads the files; resolves with one outcome per file, in input order, and never rejects. */
  upload(files: readonly UploadFile[], options?: UploadOptions): Promise<UploadOutcome[]>;
}
