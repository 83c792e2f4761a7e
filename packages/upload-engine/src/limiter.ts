// A small promise concurrency limiter: at most `concurrency` tasks run, the rest wait in order.

export interface Limiter {
  <T>(task: () => Promise<T>): Promise<T>;
  readonly activeCount: number;
  readonly pendingCount: number;
}

export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`Concurrency must be a positive integer, got ${concurrency}`);
  }
  let active = 0;
  const queue: (() => void)[] = [];

  const startNext = (): void => {
    if (active >= concurrency) return;
    const start = queue.shift();
    if (!start) return;
    active++;
    start();
  };

  const limit = <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        // A task that throws synchronously still releases its slot.
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            active--;
            startNext();
          });
      });
      startNext();
    });

  return Object.defineProperties(limit, {
    activeCount: { get: () => active },
    pendingCount: { get: () => queue.length },
  }) as Limiter;
}
