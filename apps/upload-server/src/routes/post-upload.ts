// POST /api/upload: a whole file as base64, stored at its urlPath; answers { group_id, url, sha256 }.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { WIRE_HEADERS } from "@atelier/upload-engine";
import { firstHeader, sendJson } from "../http";
import { uploadMetrics } from "../metrics";
import { putUnderFreeName } from "../publish";
import { authenticate, authorizePath, baseUrl, decodedHashedBody, storedContentType, type UploadContext } from "../upload-context";
import { fileUrl, normaliseUrlPath } from "../url-path";

export async function postUpload(ctx: UploadContext, req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) {
  authenticate(ctx, req);
  const urlPath = normaliseUrlPath(firstHeader(req, WIRE_HEADERS.urlPath));
  const userId = authorizePath(ctx, req, urlPath);
  const { body, hash } = decodedHashedBody(ctx, req, ctx.settings.maxUploadBytes);
  let size = 0;
  const counted = async function* () {
    for await (const chunk of body) {
      size += chunk.length;
      yield chunk;
    }
  };
  // Never over another file: a taken name gives the file the next free one (publish.ts).
  const stored = await putUnderFreeName(ctx.store, urlPath, counted(), {
    contentType: storedContentType(req),
    metadata: { owner: userId },
  });
  uploadMetrics.bytes().inc(size);
  sendJson(res, 200, { group_id: randomUUID(), url: fileUrl(baseUrl(ctx, req), stored.urlPath), sha256: hash.digest("hex") }, cors);
}
