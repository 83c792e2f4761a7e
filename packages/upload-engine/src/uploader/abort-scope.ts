// One listener on the caller's signal fans out to every request, sleep and read of an upload.

// Node warns when more than 10 listeners sit on one AbortSignal; ten parallel parts with
// a fetch, a sleep and a read each would trip it, so each of those gets its own small
// controller and only this scope listens to the caller's signal.
export interface AbortScope {
  readonly aborted: boolean;
  /** Runs `callback` on abort; returns a function that unregisters it. */
  onAbort(callback: () => void): () => void;
  /** A fresh signal that aborts with the scope; call `dispose` when the work is done. */
  childSignal(): { readonly signal: AbortSignal; dispose(): void };
  close(): void;
}

export class AbortedError extends Error {
  override readonly name = "AbortError";
}

export function createAbortScope(signal: AbortSignal | undefined): AbortScope {
  const callbacks = new Set<() => void>();
  let aborted = signal?.aborted ?? false;
  const fire = (): void => {
    aborted = true;
    for (const callback of [...callbacks]) callback();
    callbacks.clear();
  };
  signal?.addEventListener("abort", fire, { once: true });

  const onAbort = (callback: () => void): (() => void) => {
    if (aborted) {
      callback();
      return () => {};
    }
    callbacks.add(callback);
    return () => callbacks.delete(callback);
  };

  return {
    get aborted() {
      return aborted;
    },
    onAbort,
    childSignal() {
      const controller = new AbortController();
      const dispose = onAbort(() => controller.abort(new AbortedError("Upload aborted")));
      return { signal: controller.signal, dispose };
    },
    close() {
      signal?.removeEventListener("abort", fire);
      callbacks.clear();
    },
  };
}

/** Settles with `promise`, or rejects at once when the scope aborts, whatever `promise` does. */
export function abortable<T>(promise: Promise<T>, scope: AbortScope): Promise<T> {
  if (scope.aborted) {
    promise.catch(() => {});
    return Promise.reject(new AbortedError("Upload aborted"));
  }
  return new Promise<T>((resolve, reject) => {
    const unregister = scope.onAbort(() => reject(new AbortedError("Upload aborted")));
    promise.then(
      (value) => {
        unregister();
        resolve(value);
      },
      (error: unknown) => {
        unregister();
        reject(error);
      },
    );
  });
}

/** A setTimeout-based sleep for callers that inject none. */
export function timerSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError("Upload aborted"));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AbortedError("Upload aborted"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
