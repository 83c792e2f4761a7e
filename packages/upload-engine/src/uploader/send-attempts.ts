// Sends one request body with the SPEC's retry policy, asking the balancer for a server before every attempt.
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

/**
 * Runs `send` against a fresh server up to 1 + MAX_RETRIES times, with a body from
 * `prepare` made after the server is known, in the encoding it takes (so no encoding is
 * wasted while there is none). Throws PartGaveUp (carrying the last attempt) when it stops, the SourceFailure
 * when the file cannot be read, or the abort error when the scope aborts.
 */
export async function sendWithRetries<P, T>(
  runtime: Runtime,
  target: AttemptTarget,
  prepare: (server: ChosenServer) => Promise<P>,
  send: (server: string, prepared: P) => Promise<T>,
): Promise<T> {
  let failedServer: string | undefined;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) await runtime.sleep(retryDelay(attempt - 1));
    let server: string | undefined;
    try {
      const chosen = await requestServer(runtime, failedServer);
      server = chosen.url;
      return await send(server, await prepare(chosen));
    } catch (error) {
      if (runtime.scope.aborted || error instanceof SourceFailure) throw error;
      const remainingRetries = 1 + MAX_RETRIES - attempt;
      const status = error instanceof HttpStatusFailure || error instanceof NoServerFailure ? error.status : undefined;
      const isNoServers = error instanceof NoServerFailure;
      const isNetworkError = !isNoServers && !(error instanceof HttpStatusFailure) && !(error instanceof WireFormatError);
      const retryable = error instanceof HttpStatusFailure ? isRetryableStatus(error.status) : true;
      const attemptError = new AttemptFailedError(
        {
          ...target,
          attempt,
          remainingRetries,
          willRetry: retryable && remainingRetries > 0,
          server: isNoServers ? undefined : server,
          status,
          isNetworkError,
          isNoServers,
        },
        { cause: error },
      );
      runtime.attemptFailed(attemptError);
      if (!attemptError.willRetry) throw new PartGaveUp(attemptError);
      // Only a server that broke (no answer, 5xx, garbage) is named to the balancer; a 4xx
      // such as a hash mismatch says nothing about the server's health.
      const serverBroke = isNetworkError || error instanceof WireFormatError || (status !== undefined && status >= 500);
      failedServer = serverBroke && !isNoServers ? server : undefined;
    }
  }
}
