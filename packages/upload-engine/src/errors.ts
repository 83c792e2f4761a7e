// Typed upload failures: one class per kind, each with a string code, flags and toast-ready text.
import { fileErrorTitle, partErrorTitle, remainingRetriesDescription, UPLOAD_MESSAGES } from "./messages";

export type UploadErrorCode = "no-servers" | "attempt-failed" | "part-failed" | "aborted" | "invalid-input";

/** What a later `upload` needs to send only the parts a group still lacks. */
export interface ResumeState {
  readonly groupId: string;
  readonly acknowledgedParts: readonly number[];
}

interface FileContext {
  readonly fileName: string;
  readonly fileIndex: number;
}

interface GroupContext {
  readonly groupId?: string | undefined;
  readonly acknowledgedParts?: readonly number[];
}

export abstract class UploadError extends Error {
  abstract readonly code: UploadErrorCode;
  readonly fileName: string;
  readonly fileIndex: number;
  /** Toast title and description, as docs/upload-protocol.md words them ("The upload dialog and its messages"). */
  abstract readonly title: string;
  abstract readonly description: string;

  constructor(message: string, context: FileContext, options?: { cause?: unknown }) {
    super(message, options);
    this.fileName = context.fileName;
    this.fileIndex = context.fileIndex;
  }
}

/** Mixed into the failures after which an upload can be resumed. */
abstract class ResumableUploadError extends UploadError {
  /** The group opened by part 1, if it was acknowledged. */
  readonly groupId: string | undefined;
  /** Parts the servers acknowledged, ascending. */
  readonly acknowledgedParts: readonly number[];

  constructor(message: string, context: FileContext & GroupContext, options?: { cause?: unknown }) {
    super(message, context, options);
    this.groupId = context.groupId;
    this.acknowledgedParts = [...(context.acknowledgedParts ?? [])].sort((a, b) => a - b);
  }

  /** Pass back as the file's `resume` to send only what is missing. */
  get resume(): ResumeState | undefined {
    return this.groupId === undefined ? undefined : { groupId: this.groupId, acknowledgedParts: this.acknowledgedParts };
  }
}

/** The balancer answered 503, something unusable, or could not be reached. */
export class NoServersError extends ResumableUploadError {
  override readonly name = "NoServersError";
  readonly code = "no-servers";
  readonly isNoServersError = true;
  readonly title = UPLOAD_MESSAGES.errorTitle;
  readonly description = UPLOAD_MESSAGES.noServers;
  /** The part being sent when the balancer failed, if any. */
  readonly part: number | undefined;
  readonly status: number | undefined;

  constructor(
    context: FileContext & GroupContext & { part?: number | undefined; status?: number | undefined },
    options?: { cause?: unknown },
  ) {
    super(UPLOAD_MESSAGES.noServers, context, options);
    this.part = context.part;
    this.status = context.status;
  }
}

export interface AttemptContext extends FileContext {
  readonly part: number;
  readonly parts: number;
  /** 1-based attempt number of this part. */
  readonly attempt: number;
  readonly remainingRetries: number;
  readonly willRetry: boolean;
  /** The upload server that failed, when one had been chosen. */
  readonly server?: string | undefined;
  /** HTTP status of the failed answer; absent for network failures. */
  readonly status?: number | undefined;
  readonly isNetworkError?: boolean;
  readonly isNoServers?: boolean;
}

/** One failed attempt of a part; reported as it happens, so the UI can toast it. */
export class AttemptFailedError extends UploadError {
  override readonly name = "AttemptFailedError";
  readonly code = "attempt-failed";
  readonly part: number;
  readonly parts: number;
  readonly attempt: number;
  readonly remainingRetries: number;
  readonly willRetry: boolean;
  readonly server: string | undefined;
  readonly status: number | undefined;
  readonly isNetworkError: boolean;
  readonly isNoServers: boolean;
  readonly title: string;
  readonly description: string;

  constructor(context: AttemptContext, options?: { cause?: unknown }) {
    super(context.willRetry ? UPLOAD_MESSAGES.uploadFailedRetrying : UPLOAD_MESSAGES.uploadFailed, context, options);
    this.part = context.part;
    this.parts = context.parts;
    this.attempt = context.attempt;
    this.remainingRetries = context.remainingRetries;
    this.willRetry = context.willRetry;
    this.server = context.server;
    this.status = context.status;
    this.isNetworkError = context.isNetworkError ?? false;
    this.isNoServers = context.isNoServers ?? false;
    this.title = context.parts > 1 ? partErrorTitle(context.fileName, context.fileIndex, context.part) : fileErrorTitle(context.fileName);
    this.description = remainingRetriesDescription(context.remainingRetries);
  }
}

/** A part (or a whole small file) that could not be sent: every retry failed, or the server refused it for good. */
export class PartFailedError extends ResumableUploadError {
  override readonly name = "PartFailedError";
  readonly code = "part-failed";
  readonly isPartFailedError = true;
  readonly part: number;
  readonly parts: number;
  readonly attempts: number;
  readonly remainingRetries: number;
  /** True when all 1 + MAX_RETRIES attempts were spent; false when a refusal made retrying pointless. */
  readonly retriesExhausted: boolean;
  readonly status: number | undefined;
  readonly title: string;
  readonly description: string;

  constructor(
    context: FileContext &
      GroupContext & {
        part: number;
        parts: number;
        attempts: number;
        remainingRetries: number;
        retriesExhausted: boolean;
        status?: number | undefined;
      },
    options?: { cause?: unknown },
  ) {
    super(context.retriesExhausted ? UPLOAD_MESSAGES.allRetriesFailed : UPLOAD_MESSAGES.uploadFailed, context, options);
    this.part = context.part;
    this.parts = context.parts;
    this.attempts = context.attempts;
    this.remainingRetries = context.remainingRetries;
    this.retriesExhausted = context.retriesExhausted;
    this.status = context.status;
    if (context.parts > 1) {
      this.title = partErrorTitle(context.fileName, context.fileIndex, context.part);
      this.description = remainingRetriesDescription(context.remainingRetries);
    } else {
      this.title = fileErrorTitle(context.fileName);
      this.description = UPLOAD_MESSAGES.tryAgain;
    }
  }
}

/** The caller's AbortSignal fired before the file completed. */
export class UploadAbortedError extends ResumableUploadError {
  override readonly name = "AbortError";
  readonly code = "aborted";
  readonly isAbortError = true;
  readonly title: string;
  readonly description = UPLOAD_MESSAGES.tryAgain;

  constructor(context: FileContext & GroupContext, options?: { cause?: unknown }) {
    super(UPLOAD_MESSAGES.aborted, context, options);
    this.title = fileErrorTitle(context.fileName);
  }
}

/** The file cannot be sent as given (for example a urlPath that is not a valid header value). */
export class InvalidUploadError extends UploadError {
  override readonly name = "InvalidUploadError";
  readonly code = "invalid-input";
  readonly title: string;
  readonly description = UPLOAD_MESSAGES.tryAgain;

  constructor(message: string, context: FileContext) {
    super(message, context);
    this.title = fileErrorTitle(context.fileName);
  }
}

export function isUploadError(error: unknown): error is UploadError {
  return error instanceof UploadError;
}
