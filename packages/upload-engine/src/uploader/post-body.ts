// The two upload requests of the wire contract: a whole file to /api/upload, one part to /api/chunked.
import {
  BINARY_CONTENT_TYPE,
  BODY_ENCODINGS,
  chunkedUrl,
  contentTypeHeader,
  fileTypeHeader,
  type PartAnswer,
  parsePartAnswer,
  parseSingleUploadAnswer,
  type SingleUploadAnswer,
  setHeader,
  uploadUrl,
  WIRE_HEADERS,
  WireFormatError,
} from "../wire";
import { HttpStatusFailure } from "./failures";
import type { PreparedBody } from "./prepared-body";
import type { Runtime } from "./runtime";
import type { FetchResponse } from "./types";

interface FileHeaders {
  readonly type: string;
  readonly urlPath: string;
}

export async function postWholeFile(
  runtime: Runtime,
  server: string,
  file: FileHeaders,
  prepared: PreparedBody,
  onUploadProgress?: (loaded: number, total: number) => void,
): Promise<SingleUploadAnswer> {
  const headers = await baseHeaders(runtime, file, prepared);
  return runtime.request(uploadUrl(server), { method: "POST", headers, body: prepared, onUploadProgress }, async (response) =>
    parseSingleUploadAnswer(await readJson(response, server)),
  );
}

export async function postPart(
  runtime: Runtime,
  server: string,
  file: FileHeaders,
  prepared: PreparedBody,
  part: { readonly part: number; readonly parts: number; readonly groupId: string | undefined },
  onUploadProgress?: (loaded: number, total: number) => void,
): Promise<PartAnswer> {
  const headers = await baseHeaders(runtime, file, prepared);
  setHeader(headers, WIRE_HEADERS.part, String(part.part));
  setHeader(headers, WIRE_HEADERS.parts, String(part.parts));
  // Part 1 opens the group, so it carries no egnyte_id at all.
  if (part.groupId !== undefined) setHeader(headers, WIRE_HEADERS.egnyteId, part.groupId);
  return runtime.request(chunkedUrl(server), { method: "POST", headers, body: prepared, onUploadProgress }, async (response) => {
    const answer = parsePartAnswer(await readJson(response, server));
    if (answer.part !== undefined && answer.part !== part.part) {
      throw new WireFormatError(`Sent part ${part.part}, the server acknowledged part ${answer.part}`);
    }
    return answer;
  });
}

async function baseHeaders(runtime: Runtime, file: FileHeaders, prepared: PreparedBody): Promise<Record<string, string>> {
  // Caller headers first so they can add (a ticket) but never replace the protocol's own.
  const headers = await runtime.headers();
  if (prepared.encoding === BODY_ENCODINGS.binary) {
    setHeader(headers, WIRE_HEADERS.contentType, BINARY_CONTENT_TYPE);
    setHeader(headers, WIRE_HEADERS.bodyEncoding, BODY_ENCODINGS.binary);
    setHeader(headers, WIRE_HEADERS.fileType, fileTypeHeader(file.type));
  } else {
    setHeader(headers, WIRE_HEADERS.contentType, contentTypeHeader(file.type));
  }
  setHeader(headers, WIRE_HEADERS.urlPath, file.urlPath);
  if (prepared.sha256 !== undefined) setHeader(headers, WIRE_HEADERS.contentSha256, prepared.sha256);
  return headers;
}

export async function readJson(response: FetchResponse, server: string): Promise<unknown> {
  if (!response.ok) {
    // Drained so the connection can be reused.
    await response.text().catch(() => "");
    throw new HttpStatusFailure(response.status, server);
  }
  try {
    return await response.json();
  } catch (error) {
    throw new WireFormatError(`${server} answered something other than JSON`, { cause: error });
  }
}
