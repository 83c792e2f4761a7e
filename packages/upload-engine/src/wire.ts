// The upload backend's wire contract (docs/upload-protocol.md): names, URLs, answers.

export const WIRE_HEADERS = {
  contentType: "Content-Type",
  urlPath: "urlPath",
  part: "part",
  parts: "parts",
  egnyteId: "egnyte_id",
  /** Additive: hex SHA-256 of the decoded part (or whole small file). */
  contentSha256: "x-content-sha256",
  /** Additive: on a balancer request, the upload server that just failed this client. */
  failedServer: "x-failed-server",
  /** Additive: the declared size of the whole file. */
  fileSize: "x-file-size",
  /** Additive: how the body is encoded, one of BODY_ENCODINGS; absent means base64, the base wire. */
  bodyEncoding: "x-body-encoding",
  /** Additive, with a binary body: the file's media type, which Content-Type then cannot carry. */
  fileType: "x-file-type",
  authorization: "Authorization",
} as const;

/**
 * How a part (or a whole small file) travels. base64 is the base wire and every server takes
 * it; binary sends the bytes as they are, to servers that offer it in their `encodings` (on
 * /health, and passed on in the balancer's answer).
 */
export const BODY_ENCODINGS = { base64: "base64", binary: "binary" } as const;
export type BodyEncoding = (typeof BODY_ENCODINGS)[keyof typeof BODY_ENCODINGS];

/** Content-Type of a binary body; the file's own type goes in x-file-type. */
export const BINARY_CONTENT_TYPE = "application/octet-stream";

/** Request headers a browser may send to an upload server (its CORS allow-list). */
export const CORS_REQUEST_HEADERS: readonly string[] = [
  ...Object.values(WIRE_HEADERS).map((name) => name.toLowerCase()),
  "range",
  "if-none-match",
];

/**
 * The most a body carrying `decodedBytes` may send: exactly that in binary; in base64, 4/3 of
 * it plus line breaks and a little more, whitespace included.
 */
export function maxBodyBytes(decodedBytes: number, encoding: BodyEncoding): number {
  if (encoding === BODY_ENCODINGS.binary) return decodedBytes;
  return Math.ceil(decodedBytes / 3) * 4 + Math.ceil(decodedBytes / 48) * 2 + 1024;
}

export const WIRE_PATHS = {
  upload: "/api/upload",
  chunked: "/api/chunked",
  health: "/health",
  /** A stored file: `{server}/files/{urlPath}`, each segment URL-encoded. */
  files: "/files/",
} as const;

/**
 * Sets a header in a plain record, replacing any spelling of the same name: header names
 * are case-insensitive, and fetch would join `content-type` and `Content-Type` into one
 * comma-separated value.
 */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) delete headers[key];
  headers[name] = value;
}

/** The file's media type without parameters, for x-file-type; unknown types become octet-stream. */
export function fileTypeHeader(type: string): string {
  const media = (type.split(";")[0] ?? "").trim();
  return media || BINARY_CONTENT_TYPE;
}

/** `type; charset=utf-8`, the base wire's content type for base64 bodies; unknown types become octet-stream. */
export function contentTypeHeader(type: string): string {
  return `${fileTypeHeader(type)}; charset=utf-8`;
}

export function balancerRequestUrl(balancerUrl: string): string {
  return `${trimSlashes(balancerUrl)}/`;
}

export function uploadUrl(server: string): string {
  return `${trimSlashes(server)}${WIRE_PATHS.upload}`;
}

export function chunkedUrl(server: string): string {
  return `${trimSlashes(server)}${WIRE_PATHS.chunked}`;
}

/** `GET {server}/api/chunked/{egnyte_id}`: which parts a group holds. */
export function groupStatusUrl(server: string, groupId: string): string {
  return `${chunkedUrl(server)}/${encodeURIComponent(groupId)}`;
}

/** Where a server serves (and deletes) a stored file: `{server}/files/{urlPath}`, each segment encoded. */
export function storedFileUrl(server: string, urlPath: string): string {
  return `${trimSlashes(server)}${WIRE_PATHS.files}${urlPath.split("/").map(encodeURIComponent).join("/")}`;
}

/** The stored file's path as the URL's path names it, its segments still encoded; null for any other path. */
export function storedFilePath(pathname: string): string | null {
  return pathname.startsWith(WIRE_PATHS.files) ? pathname.slice(WIRE_PATHS.files.length) : null;
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, "");
}

export interface BalancerAnswer {
  readonly url: string;
  /** Additive: the body encodings that server takes; absent (an older balancer) means base64 only. */
  readonly encodings: readonly BodyEncoding[];
}

/** Answer of an upload server's GET /health. */
export interface HealthAnswer {
  readonly status: "ok";
  /** Requests the server is handling, for the balancer to pick the least busy. */
  readonly inFlight: number;
  /** Additive: the body encodings it takes; absent (an older server) means base64 only. */
  readonly encodings: readonly BodyEncoding[];
  /**
   * Additive: the parts (POST /api/chunked requests) this server has taken since it started, for operators and
   * tests to see what a resumed upload sent; the balancer does not read it.
   */
  readonly partsReceived?: number;
}

/** Answer of /api/upload. */
export interface SingleUploadAnswer {
  readonly group_id: string;
  readonly url: string;
  /** Additive: hex SHA-256 of the stored file. */
  readonly sha256?: string;
}

/** Answer of /api/chunked. */
export interface PartAnswer {
  readonly id: string;
  readonly url: string;
  readonly part?: number;
  /** Additive, on the last part: hex SHA-256 of the completed file. */
  readonly sha256?: string;
}

/** Answer of GET /api/chunked/{egnyte_id}. */
export interface GroupStatusAnswer {
  readonly id: string;
  readonly parts: number;
  readonly received: readonly number[];
}

export class WireFormatError extends Error {
  override readonly name = "WireFormatError";
}

export function parseBalancerAnswer(body: unknown): BalancerAnswer {
  const url = field(body, "url");
  if (typeof url !== "string" || url === "") throw new WireFormatError("The balancer answered no url");
  return { url, encodings: encodings(body) };
}

/** What a health answer says; an answer without the fields reads as an idle base64-only server. */
export function parseHealthAnswer(body: unknown): HealthAnswer {
  const inFlight = field(body, "inFlight");
  return { status: "ok", inFlight: typeof inFlight === "number" ? inFlight : 0, encodings: encodings(body) };
}

// Unknown names are dropped, so a later encoding never confuses this client; base64 is always taken.
function encodings(body: unknown): BodyEncoding[] {
  const listed = field(body, "encodings");
  const known: string[] = Object.values(BODY_ENCODINGS);
  const named = Array.isArray(listed) ? listed.filter((name): name is BodyEncoding => known.includes(name)) : [];
  return [BODY_ENCODINGS.base64, ...named.filter((name) => name !== BODY_ENCODINGS.base64)];
}

export function parseSingleUploadAnswer(body: unknown): SingleUploadAnswer {
  return withSha256(body, { group_id: identifier(body, "group_id"), url: requiredUrl(body) });
}

export function parsePartAnswer(body: unknown): PartAnswer {
  const part = field(body, "part");
  const partNumber = typeof part === "string" ? Number(part) : part;
  return withSha256(body, {
    id: identifier(body, "id"),
    url: requiredUrl(body),
    ...(typeof partNumber === "number" && Number.isInteger(partNumber) ? { part: partNumber } : {}),
  });
}

export function parseGroupStatusAnswer(body: unknown): GroupStatusAnswer {
  const parts = field(body, "parts");
  const received = field(body, "received");
  if (typeof parts !== "number" || !Number.isInteger(parts) || parts < 1) {
    throw new WireFormatError("The group status has no valid parts count");
  }
  if (!Array.isArray(received) || !received.every((part) => Number.isInteger(part))) {
    throw new WireFormatError("The group status has no valid received list");
  }
  return { id: identifier(body, "id"), parts, received: received as number[] };
}

function field(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

// Older hosting backends answer numeric ids; the headers carry them as text either way.
function identifier(body: unknown, name: string): string {
  const value = field(body, name);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value !== "") return value;
  throw new WireFormatError(`The upload server answered no ${name}`);
}

function requiredUrl(body: unknown): string {
  const url = field(body, "url");
  if (typeof url !== "string" || url === "") throw new WireFormatError("The upload server answered no url");
  return url;
}

function withSha256<T extends object>(body: unknown, answer: T): T & { sha256?: string } {
  const sha256 = field(body, "sha256");
  return typeof sha256 === "string" && sha256 !== "" ? { ...answer, sha256 } : answer;
}
