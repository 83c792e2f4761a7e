// The upload backend's wire contract (SPEC section 7 plus additive headers): names, URLs, answers.

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
  authorization: "Authorization",
} as const;

export const WIRE_PATHS = {
  upload: "/api/upload",
  chunked: "/api/chunked",
  health: "/health",
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

/** `type; charset=utf-8`, the SPEC's content type for base64 bodies; unknown types become octet-stream. */
export function contentTypeHeader(type: string): string {
  const media = (type.split(";")[0] ?? "").trim();
  return `${media || "application/octet-stream"}; charset=utf-8`;
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

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, "");
}

export interface BalancerAnswer {
  readonly url: string;
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
  return { url };
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
