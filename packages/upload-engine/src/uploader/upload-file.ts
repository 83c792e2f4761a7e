// Uploads one file: whole when small, else part 1 alone, the middle parts in parallel, the last part last.
import pLimit from "p-limit";
import { base64Length } from "../base64";
import { MAX_RETRIES } from "../constants";
import { InvalidUploadError, NoServersError, PartFailedError, UploadAbortedError, UploadError } from "../errors";
import { type PlannedPart, planParts } from "../plan-parts";
import { requestBodySize } from "../request-body";
import { sha256Hex } from "../sha256";
import type { UploadSource } from "../upload-source";
import { BODY_ENCODINGS, type BodyEncoding } from "../wire";
import { AbortedError, abortable } from "./abort-scope";
import { PartGaveUp, SourceFailure } from "./failures";
import { fetchGroupStatus } from "./group-status";
import { postPart, postWholeFile } from "./post-body";
import { PreparedBody } from "./prepared-body";
import type { Runtime } from "./runtime";
import { sendWithRetries } from "./send-attempts";
import type { UploadFile, UploadOutcome } from "./types";

// Printable ASCII without leading or trailing spaces: anything else is not a valid header
// value, and fetch would throw on every attempt.
const HEADER_SAFE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

export async function uploadFile(runtime: Runtime, fileIndex: number, file: UploadFile): Promise<UploadOutcome> {
  const run = new FileRun(runtime, fileIndex, file);
  const base = { fileIndex, fileName: file.source.name, urlPath: file.urlPath };
  try {
    const result = await run.upload();
    return { ok: true, ...base, ...result };
  } catch (error) {
    return { ok: false, ...base, error: run.toUploadError(error) };
  }
}

interface Completed {
  readonly id: string;
  readonly url: string;
  readonly sha256?: string;
}

class FileRun {
  private readonly source: UploadSource;
  private groupId: string | undefined;
  private readonly acknowledged = new Set<number>();
  private bytesAcknowledged = 0;
  // Raw bytes of each part on the wire, as the transport reports its body leaving.
  private readonly inFlight = new Map<number, number>();
  private plan: PlannedPart[] = [];

  constructor(
    private readonly runtime: Runtime,
    private readonly fileIndex: number,
    private readonly file: UploadFile,
  ) {
    this.source = file.source;
    // Kept until the servers are asked, so a file aborted before it starts still hands back its resume state.
    this.groupId = file.resume?.groupId;
    for (const part of file.resume?.acknowledgedParts ?? []) this.acknowledged.add(part);
  }

  async upload(): Promise<Completed> {
    if (this.runtime.scope.aborted) throw new AbortedError("Upload aborted");
    this.validate();
    this.plan = planParts(this.source.size);
    return this.plan.length === 1 ? this.uploadWhole(this.plan[0]!) : this.uploadInParts(this.plan);
  }

  private validate(): void {
    const context = { fileName: this.source.name, fileIndex: this.fileIndex };
    if (!HEADER_SAFE.test(this.file.urlPath)) {
      throw new InvalidUploadError("The urlPath must be printable ASCII; sanitise its segments first", context);
    }
    if (!Number.isSafeInteger(this.source.size) || this.source.size < 0) {
      throw new InvalidUploadError(`The file size ${this.source.size} is not a byte count`, context);
    }
  }

  private async uploadWhole(part: PlannedPart): Promise<Completed> {
    this.groupId = undefined;
    this.acknowledged.clear();
    this.report();
    const answer = await sendWithRetries(
      this.runtime,
      this.target(part),
      (server) => this.prepare(part, server.encoding),
      (server, prepared) => this.tracked(part, (onSent) => postWholeFile(this.runtime, server, this.fileHeaders(), prepared, onSent)),
    );
    this.acknowledge(part);
    return { id: answer.group_id, url: answer.url, ...(answer.sha256 ? { sha256: answer.sha256 } : {}) };
  }

  private async uploadInParts(plan: PlannedPart[]): Promise<Completed> {
    await this.reconcileResume(plan);
    this.report();
    const first = plan[0]!;
    const last = plan[plan.length - 1]!;
    if (this.groupId === undefined) {
      // The first part opens the group whose id every other part must name, so it goes alone.
      const answer = await this.sendPart(first);
      this.groupId = answer.id;
      this.acknowledge(first);
    }
    await this.sendMiddles(plan.slice(1, -1).filter((part) => !this.acknowledged.has(part.part)));
    // Always sent, even when acknowledged before: its answer is the only one carrying the
    // completed file's url, and re-sending a part is idempotent.
    const answer = await this.sendPart(last);
    this.acknowledge(last);
    return { id: this.groupId, url: answer.url, ...(answer.sha256 ? { sha256: answer.sha256 } : {}) };
  }

  /** Replaces what the caller remembers of a group with what the servers hold. */
  private async reconcileResume(plan: PlannedPart[]): Promise<void> {
    const groupId = this.groupId;
    const remembered = [...this.acknowledged];
    // Asked before anything is forgotten, so an abort meanwhile still hands back the old state.
    const status = groupId === undefined ? undefined : await fetchGroupStatus(this.runtime, groupId);
    this.groupId = undefined;
    this.acknowledged.clear();
    this.bytesAcknowledged = 0;
    this.inFlight.clear();
    if (groupId === undefined || status === undefined || status.kind === "gone") return;
    if (status.kind === "found" && status.answer.parts !== plan.length) return;
    const received = status.kind === "found" ? status.answer.received : remembered;
    // Without part 1 the group was never opened for us: start a fresh one.
    if (!received.includes(1)) return;
    this.groupId = groupId;
    for (const part of received) {
      const planned = plan[part - 1];
      if (planned) this.acknowledge(planned, false);
    }
  }

  private async sendMiddles(parts: PlannedPart[]): Promise<void> {
    const limit = pLimit(this.runtime.partConcurrency);
    let failure: { error: unknown } | undefined;
    await Promise.all(
      parts.map((part) =>
        limit(async () => {
          // After one part gives up no new part starts, but those in flight finish so
          // their acknowledgements make it into the resume state.
          if (failure || this.runtime.scope.aborted) return;
          try {
            await this.sendPart(part);
            this.acknowledge(part);
          } catch (error) {
            failure ??= { error };
          }
        }),
      ),
    );
    if (this.runtime.scope.aborted) throw new AbortedError("Upload aborted");
    if (failure) throw failure.error;
  }

  private sendPart(part: PlannedPart) {
    const groupId = part.part === 1 ? undefined : this.groupId;
    return sendWithRetries(
      this.runtime,
      this.target(part),
      (server) => this.prepare(part, server.encoding),
      (server, prepared) =>
        this.tracked(part, (onSent) =>
          postPart(this.runtime, server, this.fileHeaders(), prepared, { part: part.part, parts: part.parts, groupId }, onSent),
        ),
    );
  }

  /** Runs one attempt, counting its body's bytes as they leave; a failed attempt's bytes no longer count. */
  private async tracked<T>(part: PlannedPart, send: (onSent: (loaded: number, total: number) => void) => Promise<T>): Promise<T> {
    const length = part.end - part.start;
    const onSent = (loaded: number, total: number) => {
      if (total <= 0 || this.acknowledged.has(part.part)) return;
      this.inFlight.set(part.part, Math.min(length, Math.floor((length * loaded) / total)));
      this.report();
    };
    try {
      const answer = await send(onSent);
      this.inFlight.delete(part.part);
      return answer;
    } catch (error) {
      if (this.inFlight.delete(part.part)) this.report();
      throw error;
    }
  }

  /** Reads, hashes and (for base64) encodes one part for one attempt; only the body outlives this call. */
  private prepare(part: PlannedPart, encoding: BodyEncoding): Promise<PreparedBody> {
    return this.runtime.prepareLimit(() => this.prepareNow(part, encoding));
  }

  private async prepareNow(part: PlannedPart, encoding: BodyEncoding): Promise<PreparedBody> {
    const { runtime, source } = this;
    if (runtime.scope.aborted) throw new AbortedError("Upload aborted");
    const fail = (cause: unknown): never => {
      if (runtime.scope.aborted) throw cause;
      throw new SourceFailure(part.part, part.parts, { cause });
    };
    const length = part.end - part.start;
    const binary = encoding === BODY_ENCODINGS.binary;
    const elsewhere = runtime.preparePart?.({ source, start: part.start, end: part.end, encoding, sha256: runtime.sha256 !== undefined });
    if (elsewhere) {
      const prepared = await abortable(elsewhere, runtime.scope).catch(fail);
      const size = requestBodySize(prepared.body);
      if (size !== (binary ? length : base64Length(length)) || (runtime.sha256 !== undefined && !prepared.sha256)) {
        fail(new Error(`Part ${part.part} came back from its preparer with ${size} bytes${prepared.sha256 ? "" : " and no SHA-256"}`));
      }
      return new PreparedBody(prepared.body, encoding, prepared.sha256);
    }
    // One buffer per part (reused when the transport allows): the raw bytes land in its
    // tail and the base64 then overwrites it from the front; a binary body is those bytes.
    const buffer = runtime.bodies.take(binary ? length : base64Length(length));
    const raw = buffer.subarray(buffer.length - length);
    let read: number;
    if (source.readInto) {
      read = await abortable(source.readInto(raw, part.start), runtime.scope).catch(fail);
    } else {
      const bytes = await abortable(source.slice(part.start, part.end), runtime.scope).catch(fail);
      read = bytes.length;
      if (read === length) raw.set(bytes);
    }
    if (read !== length) {
      fail(new Error(`Read ${read} bytes of part ${part.part}, expected ${length}; the file changed`));
    }
    const sha256 = runtime.sha256 === undefined ? undefined : await abortable(sha256Hex(runtime.sha256, raw), runtime.scope).catch(fail);
    if (!binary) runtime.base64(raw, buffer);
    return new PreparedBody(buffer, encoding, sha256);
  }

  private acknowledge(part: PlannedPart, notify = true): void {
    if (!this.acknowledged.has(part.part)) {
      this.acknowledged.add(part.part);
      this.bytesAcknowledged += part.end - part.start;
    }
    if (notify) this.report();
  }

  private report(): void {
    let sent = this.bytesAcknowledged;
    for (const bytes of this.inFlight.values()) sent += bytes;
    this.runtime.progress({
      fileIndex: this.fileIndex,
      fileName: this.source.name,
      bytesUploaded: this.bytesAcknowledged,
      bytesTotal: this.source.size,
      bytesSent: Math.min(sent, this.source.size),
      groupId: this.groupId,
    });
  }

  private target(part: PlannedPart) {
    return { fileName: this.source.name, fileIndex: this.fileIndex, part: part.part, parts: part.parts };
  }

  private fileHeaders() {
    return { type: this.source.type, urlPath: this.file.urlPath };
  }

  toUploadError(error: unknown): UploadError {
    if (error instanceof UploadError) return error;
    const context = {
      fileName: this.source.name,
      fileIndex: this.fileIndex,
      groupId: this.groupId,
      acknowledgedParts: [...this.acknowledged],
    };
    if (this.runtime.scope.aborted) return new UploadAbortedError(context, { cause: error });
    if (error instanceof PartGaveUp) {
      const last = error.lastAttempt;
      if (last.isNoServers) {
        return new NoServersError({ ...context, part: last.parts > 1 ? last.part : undefined, status: last.status }, { cause: last });
      }
      return new PartFailedError(
        {
          ...context,
          part: last.part,
          parts: last.parts,
          attempts: last.attempt,
          remainingRetries: last.remainingRetries,
          retriesExhausted: last.remainingRetries === 0,
          status: last.status,
        },
        { cause: last },
      );
    }
    const part = error instanceof SourceFailure ? error.part : 1;
    const parts = error instanceof SourceFailure ? error.parts : Math.max(this.plan.length, 1);
    return new PartFailedError(
      { ...context, part, parts, attempts: 0, remainingRetries: MAX_RETRIES, retriesExhausted: false },
      { cause: error instanceof SourceFailure ? error.cause : error },
    );
  }
}
