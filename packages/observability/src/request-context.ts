// The request a piece of work is done for, known anywhere below the edge that gave the request its id: a mail written
// while answering it records it, so the outbox's log can name the request that caused each mail (README, "Monitoring").
// The HTTP server and the route handlers are bundled apart (Next), so the store is kept on globalThis, one per process.
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestContext {
  requestId: string;
}

const KEY = Symbol.for("atelier.request-context");
type Holder = { [KEY]?: AsyncLocalStorage<RequestContext> };

function store(): AsyncLocalStorage<RequestContext> {
  const holder = globalThis as Holder;
  holder[KEY] ??= new AsyncLocalStorage();
  return holder[KEY];
}

/** Runs `work` (and everything it starts) as done for the request with this id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return store().run({ requestId }, work);
}

/** The id of the request the running work is done for, if any (a worker's own pass has none). */
export function currentRequestId(): string | undefined {
  return store().getStore()?.requestId;
}

/** Runs `work` (and everything it starts: a worker's timer set while a request is answered) as done for no request. */
export function outsideRequest<T>(work: () => T): T {
  return store().exit(work);
}
