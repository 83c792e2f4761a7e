// S3-compatible driver (AWS S3, MinIO, R2, s3rver): streaming PUT when the size is known, multipart otherwise.

import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { toReadable } from "./body";
import {
  DEFAULT_CONTENT_TYPE,
  type GetOptions,
  type ObjectBody,
  ObjectExistsError,
  type ObjectInfo,
  type ObjectRead,
  type ObjectStore,
  type ObjectSummary,
  type PutOptions,
} from "./object-store";
import { securePath } from "./secure-path";

export interface S3StoreOptions {
  bucket: string;
  region?: string;
  endpoint?: string;
  // MinIO and s3rver need path-style URLs; AWS accepts both.
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  // Multipart part size when the body length is unknown; S3's minimum is 5 MiB.
  partSize?: number;
  client?: S3Client;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;

type Sdk = typeof import("@aws-sdk/client-s3");
let sdkPromise: Promise<Sdk> | undefined;

// The SDK costs tens of MiB of memory; a server on the filesystem store never loads it.
function loadSdk(): Promise<Sdk> {
  sdkPromise ??= import("@aws-sdk/client-s3");
  return sdkPromise;
}

function isNotFound(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

// S3 refuses a conditional write with 412, or 409 when another conditional write to the key is
// in flight.
function isConditionFailed(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return e.name === "PreconditionFailed" || status === 412 || e.name === "ConditionalRequestConflict";
}

function totalFromContentRange(value: string | undefined): number | undefined {
  const match = value ? /\/(\d+)$/.exec(value) : null;
  return match?.[1] ? Number(match[1]) : undefined;
}

// Reads a stream into fixed-size buffers, so multipart memory is one part whatever the body.
async function* inParts(stream: Readable, partSize: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of stream) {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    while (data.length > 0) {
      const take = Math.min(partSize - pendingBytes, data.length);
      pending.push(data.subarray(0, take));
      pendingBytes += take;
      data = data.subarray(take);
      if (pendingBytes === partSize) {
        yield Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0 || pending.length === 0) yield Buffer.concat(pending, pendingBytes);
}

function ifNew(putOptions: PutOptions): { IfNoneMatch?: string } {
  return putOptions.noReplace ? { IfNoneMatch: "*" } : {};
}

export function createS3Store(options: S3StoreOptions): ObjectStore {
  const bucket = options.bucket;
  const partSize = Math.max(MIN_PART_SIZE, options.partSize ?? 8 * 1024 * 1024);
  let clientPromise: Promise<S3Client> | undefined;
  const connect = (): Promise<S3Client> => {
    clientPromise ??= options.client
      ? Promise.resolve(options.client)
      : loadSdk().then(
          ({ S3Client: Client }) =>
            new Client({
              region: options.region ?? "us-east-1",
              ...(options.endpoint ? { endpoint: options.endpoint } : {}),
              forcePathStyle: options.forcePathStyle ?? false,
              ...(options.credentials ? { credentials: options.credentials } : {}),
              // The SDK's default trailing checksums use aws-chunked bodies that many S3-compatible
              // servers do not speak; ask for checksums only where S3 requires them.
              requestChecksumCalculation: "WHEN_REQUIRED",
              responseChecksumValidation: "WHEN_REQUIRED",
            }),
        );
    return clientPromise;
  };

  async function multipartPut(key: string, stream: Readable, putOptions: PutOptions): Promise<void> {
    const [client, sdk] = await Promise.all([connect(), loadSdk()]);
    const parts = inParts(stream, partSize);
    const first = await parts.next();
    const firstBody = first.done ? Buffer.alloc(0) : first.value;
    if (firstBody.length < partSize) {
      // The whole body fits in one part: a plain PUT is one request instead of three.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: firstBody,
          ContentLength: firstBody.length,
          ContentType: putOptions.contentType ?? DEFAULT_CONTENT_TYPE,
          Metadata: putOptions.metadata,
          ...ifNew(putOptions),
        }),
      );
      return;
    }
    const created = await client.send(
      new sdk.CreateMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        ContentType: putOptions.contentType ?? DEFAULT_CONTENT_TYPE,
        Metadata: putOptions.metadata,
      }),
    );
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error("S3 did not return an upload id");
    const done: { ETag: string; PartNumber: number }[] = [];
    try {
      let body: Buffer | undefined = firstBody;
      while (body) {
        const partNumber = done.length + 1;
        const answer = await client.send(
          new sdk.UploadPartCommand({
            Bucket: bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: body,
            ContentLength: body.length,
          }),
        );
        done.push({ ETag: answer.ETag ?? "", PartNumber: partNumber });
        const next = await parts.next();
        body = next.done || next.value.length === 0 ? undefined : next.value;
      }
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: done },
          ...ifNew(putOptions),
        }),
      );
    } catch (error) {
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }

  async function put(key: string, body: ObjectBody, putOptions: PutOptions = {}): Promise<ObjectInfo> {
    securePath(key);
    // The conditional write decides; looking first spares sending a body that would be refused,
    // and covers S3-compatible servers that ignore the condition.
    if (putOptions.noReplace && (await stat(key))) throw new ObjectExistsError(key);
    try {
      await write(key, body, putOptions);
    } catch (error) {
      if (putOptions.noReplace && isConditionFailed(error)) throw new ObjectExistsError(key);
      throw error;
    }
    const info = await stat(key);
    if (!info) throw new Error(`S3 lost ${key} right after writing it`);
    return info;
  }

  async function write(key: string, body: ObjectBody, putOptions: PutOptions): Promise<void> {
    const [client, sdk] = await Promise.all([connect(), loadSdk()]);
    if (typeof body === "string" || body instanceof Uint8Array) {
      const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: putOptions.contentType ?? DEFAULT_CONTENT_TYPE,
          Metadata: putOptions.metadata,
          ...ifNew(putOptions),
        }),
      );
    } else if (putOptions.size !== undefined && putOptions.size < 5 * 1024 * 1024 * 1024) {
      const stream = toReadable(body);
      // If the stream fails, the SDK aborts the request and S3 keeps the previous object.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: stream,
          ContentLength: putOptions.size,
          ContentType: putOptions.contentType ?? DEFAULT_CONTENT_TYPE,
          Metadata: putOptions.metadata,
          ...ifNew(putOptions),
        }),
      );
    } else {
      await multipartPut(key, toReadable(body), putOptions);
    }
  }

  async function get(key: string, getOptions: GetOptions = {}): Promise<ObjectRead | null> {
    securePath(key);
    const [client, sdk] = await Promise.all([connect(), loadSdk()]);
    const range = getOptions.range;
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error("S3 answered without a stream body");
      const info: ObjectInfo = {
        key,
        size: totalFromContentRange(answer.ContentRange) ?? answer.ContentLength ?? 0,
        etag: answer.ETag ?? '""',
        contentType: answer.ContentType ?? DEFAULT_CONTENT_TYPE,
        lastModified: answer.LastModified ?? new Date(0),
        metadata: answer.Metadata ?? {},
      };
      return range ? { info, body, range } : { info, body };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function stat(key: string): Promise<ObjectInfo | null> {
    securePath(key);
    const [client, sdk] = await Promise.all([connect(), loadSdk()]);
    try {
      const answer = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        key,
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? '""',
        contentType: answer.ContentType ?? DEFAULT_CONTENT_TYPE,
        lastModified: answer.LastModified ?? new Date(0),
        metadata: answer.Metadata ?? {},
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function deleteObject(key: string): Promise<void> {
    securePath(key);
    const [client, sdk] = await Promise.all([connect(), loadSdk()]);
    await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }

  async function* list(prefix: string): AsyncIterable<ObjectSummary> {
    const folder = prefix === "" ? "" : `${securePath(prefix)}/`;
    const [client, sdk] = await Promise.all([connect(), loadSdk()]);
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        yield { key: item.Key, size: item.Size ?? 0, etag: item.ETag ?? '""', lastModified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return { put, get, stat, delete: deleteObject, list };
}
