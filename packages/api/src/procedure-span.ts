// A span per tRPC call (README, "Traces"), named by the procedure's path, with its outcome: made by the same
// middleware that times each call (trpc.ts), so it covers every call, over HTTP, the REST API or the server's own
// prefetches. The queries the procedure runs are its children.
import { failSpan, withSpan } from "@atelier/observability";

/** Outcomes that say the server failed rather than the caller (HTTP's 5xx): only these mark the span as an error. */
const SERVER_FAULTS = new Set(["INTERNAL_SERVER_ERROR", "NOT_IMPLEMENTED", "BAD_GATEWAY", "SERVICE_UNAVAILABLE", "GATEWAY_TIMEOUT"]);

type Outcome = { ok: true } | { ok: false; error: { code: string } };

export function inProcedureSpan<R extends Outcome>(path: string, type: string, call: () => Promise<R>): Promise<R> {
  return withSpan(path, { "rpc.system": "trpc", "rpc.method": path, "trpc.type": type }, async (span) => {
    const result = await call();
    const code = result.ok ? "OK" : result.error.code;
    span.setAttribute("trpc.code", code);
    if (!result.ok) {
      span.setAttribute("error.type", code);
      if (SERVER_FAULTS.has(code)) failSpan(span, code);
    }
    return result;
  });
}
