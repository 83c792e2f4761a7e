// /api/v1 (docs/api.md): a thin REST layer over the app router. A bearer token names its owner; the route's procedure is
// called through a caller with the owner as the session user, so every rule of who may see and do what is the
// procedure's own, and the token's scopes only narrow it. Errors are RFC 9457 problem details.
// Written by hand rather than with trpc-to-openapi: that library needs an output schema and `meta` on each procedure in
// the routers, where this table of a dozen routes reads the existing input schemas as they are.
import { type Db, useApiToken } from "@atelier/db";
import { API_RATE_LIMIT, type ApiScope, type SessionUser, scopeAllows } from "@atelier/domain";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";
import { toTRPCError } from "../errors";
import { readWithin } from "../read-within";
import { createCaller } from "../root";
import type { Context } from "../trpc";
import { inputSchema, openApiDocument } from "./openapi";
import { matchRoute, type RestRoute } from "./routes";
import { hashApiToken } from "./token-hash";

/** The largest JSON body a call takes. */
const BODY_LIMIT = 1024 * 1024;

export interface RestHandlerOptions {
  db: Db;
  /** Where the API is mounted, "/api/v1". */
  basePath: string;
  /** The context of a call made as `user` (the token's owner). */
  createContext(user: SessionUser): Context;
  now?: () => Date;
  rateLimit?: { calls: number; windowMs: number };
  onError?: (error: unknown, route: string) => void;
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return Response.json(
    { type: "about:blank", title: TITLES[status] ?? "Error", status, code, detail, ...extra },
    { status, headers: { "content-type": "application/problem+json", ...headers } },
  );
}

/** A query's values as the input schema wants them: booleans and numbers from their text. */
function fromQuery(route: RestRoute, query: URLSearchParams): Record<string, unknown> {
  const properties = inputSchema(route).properties ?? {};
  const input: Record<string, unknown> = {};
  for (const [name, value] of query) {
    const types = [
      properties[name]?.type ?? [],
      ...((properties[name]?.anyOf as { type?: string }[] | undefined) ?? []).map((s) => s.type),
    ].flat();
    if (types.includes("boolean") && (value === "true" || value === "false")) input[name] = value === "true";
    else if ((types.includes("integer") || types.includes("number")) && value.trim() !== "" && Number.isFinite(Number(value)))
      input[name] = Number(value);
    else if (types.includes("null") && value === "null") input[name] = null;
    else input[name] = value;
  }
  return input;
}

async function readBody(req: Request): Promise<Record<string, unknown> | Response> {
  if (!/^application\/json\b/i.test(req.headers.get("content-type") ?? ""))
    return problem(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  if (Number(req.headers.get("content-length") ?? 0) > BODY_LIMIT) return problem(413, "PAYLOAD_TOO_LARGE", "The body is too large.");
  // A chunked body says no length: reading stops at the first byte over the limit.
  const blob = req.body ? await readWithin(req.body as ReadableStream<Uint8Array<ArrayBuffer>>, BODY_LIMIT) : new Blob([]);
  if (!blob) return problem(413, "PAYLOAD_TOO_LARGE", "The body is too large.");
  const text = await blob.text();
  try {
    const body: unknown = text === "" ? {} : JSON.parse(text);
    if (typeof body !== "object" || body === null || Array.isArray(body))
      return problem(400, "BAD_REQUEST", "The body must be a JSON object.");
    return body as Record<string, unknown>;
  } catch {
    return problem(400, "BAD_REQUEST", "The body is not valid JSON.");
  }
}

/**
 * The owner of the live API token `req` carries (`Authorization: Bearer`), when it has `scope`; otherwise the problem
 * to answer: 401 without a token or with a dead one, 429 over its rate limit, 403 without the scope. Each call counts.
 * The REST routes use it, and the file links their answers hold (`/api/files/…`), so a token's caller can follow them.
 */
export async function tokenCaller(
  db: Db,
  req: Request,
  scope: ApiScope,
  now: Date,
  limit: { calls: number; windowMs: number } = API_RATE_LIMIT,
): Promise<{ user: SessionUser } | Response> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
  const unauthorized = (detail: string) => problem(401, "UNAUTHORIZED", detail, {}, { "www-authenticate": 'Bearer realm="atelier"' });
  if (!bearer) return unauthorized("Send an API token: Authorization: Bearer <token>.");
  const use = await useApiToken(db, hashApiToken(bearer), now, limit);
  if (!use) return unauthorized("This token is unknown, revoked or expired.");
  if (use.status === "limited") {
    const seconds = Math.max(1, Math.ceil(use.retryAfterMs / 1000));
    return problem(
      429,
      "TOO_MANY_REQUESTS",
      `Too many calls with this token: try again in ${seconds} s.`,
      {},
      { "retry-after": String(seconds) },
    );
  }
  if (!scopeAllows(use.scopes, scope)) return problem(403, "INSUFFICIENT_SCOPE", `This token lacks the ${scope} scope.`, { scope });
  return { user: use.user };
}

function callProcedure(caller: unknown, path: string, input: unknown): Promise<unknown> {
  const procedure = path.split(".").reduce((at, key) => (at as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
  return procedure(input);
}

export function createRestHandler(options: RestHandlerOptions) {
  const now = options.now ?? (() => new Date());
  const limit = options.rateLimit ?? API_RATE_LIMIT;
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const path = url.pathname.startsWith(options.basePath) ? url.pathname.slice(options.basePath.length) : url.pathname;
    if (path === "/openapi.json" && req.method === "GET") return Response.json(openApiDocument(options.basePath));

    const matched = matchRoute(req.method, path);
    if (!matched) return problem(404, "NOT_FOUND", "No such route: see /api/v1/openapi.json.");
    if (!("route" in matched) || !matched.route)
      return problem(405, "METHOD_NOT_ALLOWED", "This route does not take that method.", {}, { allow: matched.methods.join(", ") });
    const { route, params } = matched;

    const caller = await tokenCaller(options.db, req, route.scope, now(), limit);
    if (caller instanceof Response) return caller;

    let input: Record<string, unknown>;
    if (route.method === "GET") {
      input = fromQuery(route, url.searchParams);
      if (route.cursor && typeof input.cursor === "string") {
        input.cursor = route.cursor(input.cursor);
        if (input.cursor === undefined)
          return problem(400, "BAD_REQUEST", "The cursor is not one this list answered: send its `nextCursor` as it came.");
      }
    } else {
      const body = await readBody(req);
      if (body instanceof Response) return body;
      input = body;
      const key = req.headers.get("idempotency-key");
      if (key !== null && "requestId" in (inputSchema(route).properties ?? {})) input.requestId = key;
    }
    Object.assign(input, params);

    try {
      const output = await callProcedure(createCaller(options.createContext(caller.user)), route.procedure, input);
      return Response.json(route.pick ? route.pick(output as never) : output);
    } catch (cause) {
      const error = toTRPCError(cause);
      const status = getHTTPStatusCodeFromError(error);
      if (error.cause instanceof ZodError)
        return problem(400, "BAD_REQUEST", "The input is not valid.", {
          errors: error.cause.issues.map(({ path, message, code }) => ({ path: path.join("."), message, code })),
        });
      if (status >= 500) {
        options.onError?.(error.cause ?? error, `${route.method} ${route.path}`);
        return problem(500, "INTERNAL_SERVER_ERROR", "Something went wrong on our side.");
      }
      return problem(status, error.code, error.message);
    }
  };
}
