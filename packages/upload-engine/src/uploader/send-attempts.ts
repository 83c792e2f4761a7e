// Sends one request body with the retry policy of docs/upload-protocol.md ("Limits"), asking the balancer for a
// server before every attempt.
import pRetry, { AbortError } from "p-retry";
import { MAX_RETRIES } from "../constants";
import { AttemptFailedError } from "../errors";
import { retryDelay } from "../retry-delay";
import { WireFormatError } from "../wire";
import { HttpStatusFailure, isRetryableStatus, NoServerFailure, PartGaveUp, SourceFailure } from "./failures";
import { type ChosenServer, requestServer } from "./request-server";
import type { Runtime } from "./runtime";

export interface AttemptTarget {
  readonly fileName: string;
  readonly fileIndex: number;
  readonly part: number;
  readonly parts: number;
}

/** One failed attempt as p-retry sees it: never a TypeError, which p-retry would not retry. */
class FailedTry extends Error {
  override readonly name = "FailedTry";
  constructor(
    readonly server: string | undefined,
    options: { cause: unknown },
  ) {
    super("An attempt failed", options);
  }
}

/**
 * Runs `send` against a fresh server up to 1 + MAX_RETRIES times, with a body from
 * `prepare` made after the server is known, in the encoding it takes (so no encoding is
 * wasted while there is none). Throws PartGaveUp (carrying the last attempt) when it stops, the SourceFailure
 * when the file cannot be read, or the abort error when the scope aborts.
 *
 * p-retry counts the attempts, stops at the abort signal and reports each failure; the wait before a retry
 * goes through the injected clock (`retryDelay`: 2 ms × 1.2^(retry - 1)), since p-retry's own timer would
 * be the global one and rounds the table to whole milliseconds.
 */
export async function sendWithRetries<P, T>(
  runtime: Runtime,
  target: AttemptTarget,
  prepare: (server: ChosenServer) => Promise<P>,
  send: (server: string, prepared: P) => Promise<T>,
): Promise<T> {
  let failedServer: string | undefined;
  const { signal, dispose } = runtime.scope.childSignal();
  try {
    return await pRetry(
      async () => {
        let server: string | undefined;
        try {
          const chosen = await requestServer(runtime, failedServer);
          server = chosen.url;
          return await send(server, await prepare(chosen));
        } catch (error) {
          // Neither an abort nor an unreadable file is worth another attempt, nor a report.
          if (runtime.scope.aborted || error instanceof SourceFailure) throw new AbortError(error instanceof Error ? error : String(error));
          throw new FailedTry(server, { cause: error });
        }
      },
      {
        retries: MAX_RETRIES,
        // No timer of p-retry's: the delay below is the engine's, on the injected clock.
        minTimeout: 0,
        signal,
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          const { server, cause } = error as FailedTry;
          const status = cause instanceof HttpStatusFailure || cause instanceof NoServerFailure ? cause.status : undefined;
          const isNoServers = cause instanceof NoServerFailure;
          const isNetworkError = !isNoServers && !(cause instanceof HttpStatusFailure) && !(cause instanceof WireFormatError);
          const retryable = cause instanceof HttpStatusFailure ? isRetryableStatus(cause.status) : true;
          const attemptError = new AttemptFailedError(
            {
              ...target,
              attempt: attemptNumber,
              remainingRetries: retriesLeft,
              willRetry: retryable && retriesLeft > 0,
              server: isNoServers ? undefined : server,
              status,
              isNetworkError,
              isNoServers,
            },
            { cause },
          );
          runtime.attemptFailed(attemptError);
          // Throwing here ends p-retry with this error.
          if (!attemptError.willRetry) throw new PartGaveUp(attemptError);
          // Only a server that broke (no answer, 5xx, garbage) is named to the balancer; a 4xx
          // such as a hash mismatch says nothing about the server's health.
          const serverBroke = isNetworkError || cause instanceof WireFormatError || (status !== undefined && status >= 500);
          failedServer = serverBroke && !isNoServers ? server : undefined;
          await runtime.sleep(retryDelay(attemptNumber));
        },
      },
    );
  } finally {
    dispose();
  }
}
