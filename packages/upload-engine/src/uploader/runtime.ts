// Shared plumbing of one upload call: injected I/O, the abort scope and safe callbacks.
import type { AttemptFailedError } from '../errors'
import { createLimiter, type Limiter } from '../limiter'
import type { Sha256 } from '../sha256'
import { AbortedError, abortable, type AbortScope } from './abort-scope'
import type { PreparedBody } from './post-body'
import type { FetchInit, FetchLike, FetchResponse, HeadersOption, Sleep, UploadProgress } from './types'

export interface RequestInit {
  readonly method: FetchInit['method']
  readonly headers: Record<string, string>
  readonly body?: PreparedBody
}

export interface Runtime {
  readonly balancerUrl: string
  readonly sha256: Sha256 | undefined
  readonly scope: AbortScope
  readonly partConcurrency: number
  /** Gates reading, hashing and encoding parts, across every file of the call. */
  readonly prepareLimit: Limiter
  headers(): Promise<Record<string, string>>
  /** A request that rejects promptly on abort, with the response body read inside the same guard. */
  request<T>(url: string, init: RequestInit, read: (response: FetchResponse) => Promise<T>): Promise<T>
  sleep(ms: number): Promise<void>
  progress(event: UploadProgress): void
  attemptFailed(error: AttemptFailedError): void
}

export interface RuntimeInput {
  readonly balancerUrl: string
  readonly fetch: FetchLike
  readonly sleep: Sleep
  readonly sha256: Sha256 | undefined
  readonly headers: HeadersOption | undefined
  readonly scope: AbortScope
  readonly partConcurrency: number
  readonly progressListeners: readonly (((event: UploadProgress) => void) | undefined)[]
  readonly attemptListeners: readonly (((error: AttemptFailedError) => void) | undefined)[]
}

// Encoding is CPU work on one thread, so running it for ten parts at once gains nothing
// and holds ten raw parts in memory. Two lets one part be read (I/O) while another is
// encoded; only finished bodies wait for the network, up to the part concurrency.
const PREPARE_CONCURRENCY = 2

export function createRuntime(input: RuntimeInput): Runtime {
  const { scope } = input
  // Called unbound: a browser's window.fetch throws 'Illegal invocation' when called as
  // a method of another object.
  const fetchFn = input.fetch
  const sleepFn = input.sleep
  return {
    balancerUrl: input.balancerUrl,
    sha256: input.sha256,
    scope,
    partConcurrency: input.partConcurrency,
    prepareLimit: createLimiter(PREPARE_CONCURRENCY),
    async headers() {
      const headers = input.headers
      return { ...(typeof headers === 'function' ? await headers() : headers) }
    },
    async request(url, init, read) {
      // Work already queued when the abort came (a body just encoded) must not reach the wire.
      if (scope.aborted) throw new AbortedError('Upload aborted')
      const { signal, dispose } = scope.childSignal()
      try {
        const { method, headers, body } = init
        const response = fetchFn(url, body ? { method, headers, body: body.take(), signal } : { method, headers, signal })
        return await abortable(response.then(read), scope)
      } finally {
        dispose()
      }
    },
    async sleep(ms) {
      const { signal, dispose } = scope.childSignal()
      try {
        await abortable(sleepFn(ms, signal), scope)
      } finally {
        dispose()
      }
    },
    progress: (event) => notify(input.progressListeners, event),
    attemptFailed: (error) => notify(input.attemptListeners, error),
  }
}

// A throwing listener is a bug in the caller, not a failed upload: surface it without
// letting it be mistaken for a server failure.
function notify<T>(listeners: readonly (((value: T) => void) | undefined)[], value: T): void {
  for (const listener of listeners) {
    if (!listener) continue
    try {
      listener(value)
    } catch (error) {
      queueMicrotask(() => {
        throw error
      })
    }
  }
}
