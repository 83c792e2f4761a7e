// Questions tests ask of a recorded request log: what overlapped, and which requests were one file's parts.
import type { RecordedRequest } from "./upload-backend";

/** The most requests of the list that were ever in flight at the same time. */
export function maxInFlight(requests: readonly RecordedRequest[]): number {
  const events = requests.flatMap((request) => [
    { at: request.startedAt, delta: 1 },
    { at: request.endedAt ?? Number.POSITIVE_INFINITY, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at);
  let current = 0;
  let peak = 0;
  for (const event of events) {
    current += event.delta;
    peak = Math.max(peak, current);
  }
  return peak;
}

/** The part requests of one file (by urlPath), in arrival order. */
export function partRequests(requests: readonly RecordedRequest[], urlPath: string): RecordedRequest[] {
  return requests.filter((request) => request.kind === "chunked" && request.urlPath === urlPath);
}
