// The HTTP error catalogue as factories, and the one function that renders any failure as JSON.
import { isObjectExistsError, isStoreFullError } from "./object-store";
import { isInvalidPathError } from "./secure-path";
import type { TokenFailure } from "./tokens";

export class HttpError extends Error {
  readonly isHttpError = true;

  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

export const ERRORS = {
  InvalidPath: (reason: string) => new HttpError(400, "Bad Request", `Invalid path: ${reason}`),
  InvalidBucket: (bucket: string) => new HttpError(400, "Bad Request", `Bucket not allowed: ${bucket}`),
  InvalidHeader: (name: string, why: string) => new HttpError(400, "Bad Request", `Invalid header ${name}: ${why}`),
  InvalidBody: (why: string) => new HttpError(400, "Bad Request", `Invalid body: ${why}`),
  MissingToken: () => new HttpError(401, "Unauthorized", "Missing token"),
  InvalidToken: () => new HttpError(401, "Unauthorized", "Invalid token"),
  ExpiredToken: () => new HttpError(401, "Unauthorized", "Token expired"),
  TokenNotForObject: () => new HttpError(403, "Forbidden", "Token does not grant access to this object"),
  NotOwner: () => new HttpError(403, "Forbidden", "Only whoever stored this file may delete it"),
  NotFound: (what = "Object") => new HttpError(404, "Not Found", `${what} not found`),
  MethodNotAllowed: (allowed: string) => new HttpError(405, "Method Not Allowed", "Method not allowed", { Allow: allowed }),
  Conflict: (message: string) => new HttpError(409, "Conflict", message),
  Duplicate: () => new HttpError(409, "Duplicate", "The resource already exists"),
  QuotaExceeded: () => new HttpError(403, "Forbidden", "Your image storage allowance is used up"),
  PayloadTooLarge: (limitBytes: number) => new HttpError(413, "Payload Too Large", `Body exceeds the limit of ${limitBytes} bytes`),
  RangeNotSatisfiable: (size: number) =>
    new HttpError(416, "Range Not Satisfiable", "Requested range not satisfiable", {
      "Content-Range": `bytes */${size}`,
    }),
  NotAnImage: () => new HttpError(415, "Unsupported Media Type", "Only JPEG, PNG, WebP and GIF images are stored here"),
  UnsupportedEncoding: (encoding: string) =>
    new HttpError(415, "Unsupported Media Type", `This server does not take bodies in the encoding ${JSON.stringify(encoding)}`),
  ChecksumMismatch: () => new HttpError(422, "Unprocessable Content", "x-content-sha256 does not match the body"),
  StorageFull: () => new HttpError(507, "Insufficient Storage", "The store has no space left"),
  ServiceUnavailable: (message: string) => new HttpError(503, "Service Unavailable", message),
  Internal: () => new HttpError(500, "Internal Server Error", "Internal server error"),
} as const;

/** Why a token was refused, as an answer: 401 when expired or not a valid token, 403 when it is valid but for another object. */
export function tokenRefusal(reason: TokenFailure): HttpError {
  if (reason === "expired") return ERRORS.ExpiredToken();
  if (reason === "wrong-object") return ERRORS.TokenNotForObject();
  return ERRORS.InvalidToken();
}

// Everything that is not already an HttpError becomes a 500 with a fixed message: a stack
// trace or a filesystem path in an answer is a gift to an attacker.
export function toHttpError(error: unknown): HttpError {
  if (isHttpError(error)) return error;
  if (isInvalidPathError(error)) return ERRORS.InvalidPath(error.reason);
  if (isStoreFullError(error)) return ERRORS.StorageFull();
  if (isObjectExistsError(error)) return ERRORS.Duplicate();
  return ERRORS.Internal();
}

export function errorBody(error: HttpError): { statusCode: number; error: string; message: string } {
  return { statusCode: error.statusCode, error: error.error, message: error.message };
}

export function errorResponse(error: unknown, extraHeaders: Record<string, string> = {}): Response {
  const http = toHttpError(error);
  return new Response(JSON.stringify(errorBody(http)), {
    status: http.statusCode,
    headers: { "Content-Type": "application/json; charset=utf-8", ...http.headers, ...extraHeaders },
  });
}
