// The /api/trpc fetch handler: a same-origin JSON guard for mutations, then tRPC with the request's session.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "./root";
import type { Context } from "./trpc";

export interface TrpcHandlerOptions {
  endpoint: string;
  /** Origins (scheme://host:port) whose pages may send mutations. */
  allowedOrigins: readonly string[];
  /** The context of one call; `resHeaders` are the answer's, where a guest session's cookie is set. */
  createContext(req: Request, resHeaders: Headers): Promise<Context>;
  onError?: (error: unknown, path: string | undefined) => void;
}

function jsonError(status: number, code: string, message: string): Response {
  return Response.json({ error: { message, code, data: { httpStatus: status } } }, { status });
}

/**
 * next-auth's CSRF token guards only its own endpoints, so a cookie-authenticated POST must come
 * from one of our own pages (Origin) and as JSON (which a plain HTML form cannot send).
 */
export function refuseCrossSite(req: Request, allowedOrigins: readonly string[]): Response | null {
  if (req.method !== "POST") return null;
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    return jsonError(415, "UNSUPPORTED_MEDIA_TYPE", "Mutations must be sent as application/json.");
  }
  const origin = req.headers.get("origin");
  if (!origin || !allowedOrigins.includes(origin)) {
    return jsonError(403, "FORBIDDEN", "Cross-site request refused.");
  }
  return null;
}

export function createTrpcHandler(options: TrpcHandlerOptions) {
  return async (req: Request): Promise<Response> => {
    const refused = refuseCrossSite(req, options.allowedOrigins);
    if (refused) return refused;
    return fetchRequestHandler({
      endpoint: options.endpoint,
      req,
      router: appRouter,
      // One request per call: the web client never batches, and the server does not accept it either.
      allowBatching: false,
      createContext: ({ resHeaders }) => options.createContext(req, resHeaders),
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR") options.onError?.(error.cause ?? error, path);
      },
    });
  };
}
