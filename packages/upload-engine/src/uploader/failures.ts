// Internal failure signals between the request layer and the per-file runner.
import type { AttemptFailedError } from "../errors";

/** The upload server answered a non-2xx status. */
export class HttpStatusFailure extends Error {
  override readonly name = "HttpStatusFailure";
  constructor(
    readonly status: number,
    readonly server: string,
  ) {
    super(`${server} answered ${status}`);
  }
}

/** The balancer could not give a server. */
export class NoServerFailure extends Error {
  override readonly name = "NoServerFailure";
  constructor(
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(status === undefined ? "The balancer could not be reached" : `The balancer answered ${status}`, options);
  }
}

/** A part stopped being retried; the runner turns it into the public failure with the group's state. */
export class PartGaveUp extends Error {
  override readonly name = "PartGaveUp";
  constructor(readonly lastAttempt: AttemptFailedError) {
    super(lastAttempt.message, { cause: lastAttempt });
  }
}

/** Reading or hashing the local file failed; no request can help. */
export class SourceFailure extends Error {
  override readonly name = "SourceFailure";
  constructor(
    readonly part: number,
    readonly parts: number,
    options?: { cause?: unknown },
  ) {
    super(`Could not read part ${part} of the file`, options);
  }
}

// Statuses a later attempt can plausibly fix: server trouble, timeouts, throttling and
// an integrity mismatch (bytes damaged on the way). Other 4xx answers are final.
const RETRYABLE_STATUSES = new Set([408, 422, 425, 429]);

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || RETRYABLE_STATUSES.has(status);
}
