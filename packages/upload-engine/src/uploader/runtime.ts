// Shared plumbing of one upload call: injected I/O, the abort scope and safe callbacks.
import pLimit, { type LimitFunction } from "p-limit";
import type { Base64Encoder } from "../base64";
import type { AttemptFailedError } from "../errors";
import type { PartPreparer } from "../part-worker";
import type { Sha256 } from "../sha256";
import { AbortedError, type AbortScope, abortable } from "./abort-scope";
import { type BodyPool, createBodyPool } from "./body-pool";
import type { PreparedBody } from "./prepared-body";
import type { FetchInit, FetchLike, FetchResponse, HeadersOption, Sleep, UploadProgress } from "./types";

interface RequestInit {
  readonly method: FetchInit["method"];
  readonly headers: Record<string, string>;
  readonly body?: PreparedBody;
  readonly onUploadProgress?: ((loaded: number, total: number) => void) | undefined;
}

export interface Runtime {
  readonly balancerUrl: string;
  readonly sha256: Sha256 | undefined;
  readonly base64: Base64Encoder;
  readonly preparePart: PartPreparer | undefined;
  readonly scope: AbortScope;
  readonly partConcurrency: number;
  /** Send raw bytes to servers that offer it; see UploaderOptions.binaryParts. */
  readonly binaryParts: boolean;
  /** Gates reading, hashing and encoding parts, across every file of the call. */
  readonly prepareLimit: LimitFunction;
  /** Where part bodies come from, and go back to once their request has settled. */
  readonly bodies: BodyPool;
  headers(): Promise<Record<string, string>>;
  /** A request that rejects promptly on abort, with the response body read inside the same guard. */
  request<T>(url: string, init: RequestInit, read: (response: FetchResponse) => Promise<T>): Promise<T>;
  sleep(ms: number): Promise<void>;
  progress(event: UploadProgress): void;
  attemptFailed(error: AttemptFailedError): void;
}

export interface RuntimeInput {
  readonly balancerUrl: string;
  readonly fetch: FetchLike;
  readonly sleep: Sleep;
  readonly sha256: Sha256 | undefined;
  readonly base64: Base64Encoder;
  readonly preparePart: PartPreparer | undefined;
  readonly headers: HeadersOption | undefined;
  readonly scope: AbortScope;
  readonly partConcurrency: number;
  readonly binaryParts: boolean;
  /** Keep part bodies for reuse; see UploaderOptions.reuseBodies. */
  readonly reuseBodies: boolean;
  /** Files uploading at once, which with partConcurrency bounds the bodies in flight. */
  readonly fileConcurrency: number;
  readonly progressListeners: readonly (((event: UploadProgress) => void) | undefined)[];
  readonly attemptListeners: readonly (((error: AttemptFailedError) => void) | undefined)[];
}

// Encoding is CPU work on one thread, so running it for ten parts at once gains nothing
// and holds ten raw parts in memory. Two lets one part be read (I/O) while another is
// encoded; only finished bodies wait for the network, up to the part concurrency.
const PREPARE_CONCURRENCY = 2;

export function createRuntime(input: RuntimeInput): Runtime {
  const { scope } = input;
  // Called unbound: a browser's window.fetch throws 'Illegal invocation' when called as
  // a method of another object.
  const fetchFn = input.fetch;
  const sleepFn = input.sleep;
  // Every body that can be in use at once: the parts in flight, and those being prepared.
  const bodies = createBodyPool(input.reuseBodies ? input.fileConcurrency * input.partConcurrency + PREPARE_CONCURRENCY : 0);
  return {
    balancerUrl: input.balancerUrl,
    sha256: input.sha256,
    base64: input.base64,
    preparePart: input.preparePart,
    scope,
    partConcurrency: input.partConcurrency,
    binaryParts: input.binaryParts,
    prepareLimit: pLimit(PREPARE_CONCURRENCY),
    bodies,
    async headers() {
      const headers = input.headers;
      return { ...(typeof headers === "function" ? await headers() : headers) };
    },
    async request(url, init, read) {
      // Work already queued when the abort came (a body just encoded) must not reach the wire.
      if (scope.aborted) throw new AbortedError("Upload aborted");
      const { signal, dispose } = scope.childSignal();
      try {
        const { method, headers, body, onUploadProgress } = init;
        const bytes = body?.take();
        const response = fetchFn(
          url,
          bytes ? { method, headers, body: bytes, signal, ...(onUploadProgress ? { onUploadProgress } : {}) } : { method, headers, signal },
        );
        // The body is free again only once the transport is done with it, which an abort does
        // not wait for.
        if (bytes instanceof Uint8Array)
          void response.then(
            () => bodies.give(bytes),
            () => bodies.give(bytes),
          );
        return await abortable(response.then(read), scope);
      } finally {
        dispose();
      }
    },
    async sleep(ms) {
      const { signal, dispose } = scope.childSignal();
      try {
        await abortable(sleepFn(ms, signal), scope);
      } finally {
        dispose();
      }
    },
    progress: (event) => notify(input.progressListeners, event),
    attemptFailed: (error) => notify(input.attemptListeners, error),
  };
}

// A throwing listener is a bug in the caller, not a failed upload: surface it without
// letting it be mistaken for a server failure.
function notify<T>(listeners: readonly (((value: T) => void) | undefined)[], value: T): void {
  for (const listener of listeners) {
    if (!listener) continue;
    try {
      listener(value);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}
