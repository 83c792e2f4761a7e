// An in-process fake of the balancer and upload servers, as MSW handlers, that checks the wire contract strictly.
import { delay, type HttpHandler, HttpResponse, http } from "msw";
import { Base64Error, decodeBase64 } from "../base64";
import { CHUNK_SIZE, MAX_PARTS, SINGLE_UPLOAD_MAX } from "../constants";
import { type Sha256, sha256Hex } from "../sha256";
import { WIRE_HEADERS, WIRE_PATHS } from "../wire";

type RequestKind = "balancer" | "upload" | "chunked" | "status";

export interface RecordedRequest {
  /** Arrival order, from 0. */
  readonly id: number;
  readonly kind: RequestKind;
  /** Origin of the server (or balancer) that took the request. */
  readonly origin: string;
  /** Header names lower-cased, as they arrived. */
  readonly headers: Readonly<Record<string, string>>;
  readonly urlPath?: string;
  readonly part?: number;
  readonly parts?: number;
  readonly egnyteId?: string;
  /** Decoded body size and hex SHA-256 (the latter only with `sha256` injected). */
  readonly bodyLength?: number;
  readonly bodySha256?: string;
  /** Positions on one logical clock shared by all starts and ends, for overlap checks. */
  readonly startedAt: number;
  readonly endedAt: number | undefined;
  readonly status: number | undefined;
  /** For the balancer: the server it handed out. */
  readonly answeredServer?: string;
}

interface FailureRule {
  /** Defaults to the two upload kinds. */
  readonly kind?: RequestKind;
  readonly server?: string;
  readonly part?: number;
  readonly urlPath?: string;
  /** How many matching requests fail; `Infinity` for all. Default 1. */
  readonly times?: number;
  /** Let this many matching requests through before failing any. Default 0. */
  readonly after?: number;
  /** Default 500. */
  readonly status?: number;
  /** Fail as a dropped connection instead of an HTTP answer. */
  readonly networkError?: boolean;
  /** Store the body first, then fail: an answer lost after the write. */
  readonly afterStore?: boolean;
}

interface FailureHandle {
  readonly hits: number;
  /** Stops failing requests from now on. */
  stop(): void;
}

interface Hold {
  /** Resolves when the first matching request arrives. */
  readonly reached: Promise<RecordedRequest>;
  release(): void;
}

/** The request fields a hold matches on, or any predicate over the recorded request. */
type HoldMatch = Pick<FailureRule, "kind" | "server" | "part" | "urlPath"> | ((request: RecordedRequest) => boolean);

interface StoredFile {
  readonly urlPath: string;
  readonly type: string;
  readonly url: string;
  readonly size: number;
  readonly bytes: Uint8Array | undefined;
  readonly sha256: string | undefined;
}

interface StoredGroup {
  readonly id: string;
  readonly urlPath: string;
  readonly parts: number;
  readonly received: ReadonlyMap<number, { readonly bytes: Uint8Array | undefined; readonly sha256: string | undefined }>;
  readonly completed: boolean;
}

export interface UploadBackendOptions {
  readonly balancerUrl?: string;
  readonly servers?: readonly string[];
  /** Verifies `x-content-sha256` and answers the completed file's `sha256`. Without it neither happens. */
  readonly sha256?: Sha256;
  /** When set, every request must carry exactly this Authorization header. */
  readonly authorization?: string;
  /** Refuse parts without `x-content-sha256`. */
  readonly requireContentSha256?: boolean;
  /** Milliseconds each upload request takes, so that parallel requests overlap visibly. */
  readonly latencyMs?: number;
  /** Keep the decoded bytes (default); turn off for very large test files. */
  readonly keepBytes?: boolean;
}

export interface UploadBackend {
  readonly handlers: HttpHandler[];
  readonly balancerUrl: string;
  readonly servers: readonly string[];
  readonly requests: readonly RecordedRequest[];
  readonly files: ReadonlyMap<string, StoredFile>;
  readonly groups: ReadonlyMap<string, StoredGroup>;
  /** Current position of the logical clock, to mark a moment such as an abort. */
  now(): number;
  fail(rule: FailureRule): FailureHandle;
  /** Matching requests wait (before any processing) until released, or until the client aborts them. */
  hold(match: HoldMatch): Hold;
  /** While down the balancer answers 503; `'network'` makes it unreachable. */
  setBalancer(state: "up" | "down" | "network"): void;
  /** Forgets requests, files, groups, rules and holds. */
  reset(): void;
}

type MutableRequest = {
  -readonly [K in keyof RecordedRequest]: RecordedRequest[K];
};

interface GroupState {
  id: string;
  urlPath: string;
  parts: number;
  type: string;
  received: Map<number, { bytes: Uint8Array | undefined; sha256: string | undefined }>;
  completed: boolean;
}

export function createUploadBackend(options: UploadBackendOptions = {}): UploadBackend {
  const balancerUrl = (options.balancerUrl ?? "http://balancer.test").replace(/\/+$/, "");
  const servers = (options.servers ?? ["http://upload-1.test", "http://upload-2.test"]).map((server) => server.replace(/\/+$/, ""));
  const keepBytes = options.keepBytes ?? true;
  let requests: MutableRequest[] = [];
  let files = new Map<string, StoredFile>();
  let groups = new Map<string, GroupState>();
  let rules: { rule: FailureRule; skip: number; left: number; hits: number }[] = [];
  let holds: { match: HoldMatch; gate: Promise<void>; arrived: (request: RecordedRequest) => void; release: () => void }[] = [];
  let balancerState: "up" | "down" | "network" = "up";
  let clock = 0;
  let nextServer = 0;
  let nextGroup = 1;
  let nextFile = 1;

  const start = (kind: RequestKind, request: Request): MutableRequest => {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const recorded: MutableRequest = {
      id: requests.length,
      kind,
      origin: new URL(request.url).origin,
      headers,
      startedAt: clock++,
      endedAt: undefined,
      status: undefined,
    };
    requests.push(recorded);
    return recorded;
  };

  const finish = (recorded: MutableRequest, response: Response): Response => {
    recorded.endedAt = clock++;
    recorded.status = response.type === "error" ? undefined : response.status;
    return response;
  };

  const matches = (match: FailureRule, recorded: MutableRequest): boolean =>
    (match.kind === undefined ? recorded.kind === "upload" || recorded.kind === "chunked" : match.kind === recorded.kind) &&
    (match.server === undefined || match.server.replace(/\/+$/, "") === recorded.origin) &&
    (match.part === undefined || match.part === recorded.part) &&
    (match.urlPath === undefined || match.urlPath === recorded.urlPath);

  const takeFailure = (recorded: MutableRequest, afterStore: boolean): FailureRule | undefined => {
    for (const entry of rules) {
      if ((entry.rule.afterStore ?? false) !== afterStore || entry.left <= 0 || !matches(entry.rule, recorded)) continue;
      if (entry.skip > 0) {
        entry.skip--;
        continue;
      }
      entry.left--;
      entry.hits++;
      return entry.rule;
    }
    return undefined;
  };

  const failure = (rule: FailureRule): Response =>
    rule.networkError
      ? HttpResponse.error()
      : HttpResponse.json({ error: "injected", message: "Injected failure" }, { status: rule.status ?? 500 });

  const waitForHolds = async (recorded: MutableRequest, signal: AbortSignal): Promise<void> => {
    for (const hold of holds) {
      if (typeof hold.match === "function" ? !hold.match(recorded) : !matches(hold.match, recorded)) continue;
      hold.arrived(recorded);
      await Promise.race([hold.gate, new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }))]);
    }
  };

  const refuse = (status: number, error: string, message: string): Response => HttpResponse.json({ error, message }, { status });

  // Shared front half of both upload routes: headers, ticket, body, integrity.
  const readUpload = async (
    recorded: MutableRequest,
    request: Request,
  ): Promise<{ bytes: Uint8Array; sha256: string | undefined; type: string } | Response> => {
    const { headers } = recorded;
    if (options.authorization !== undefined && headers.authorization !== options.authorization) {
      return refuse(401, "unauthorized", "Missing or invalid upload ticket");
    }
    const contentType = headers["content-type"] ?? "";
    const typeMatch = /^([^;\s]+)\s*;\s*charset=utf-8$/i.exec(contentType);
    if (!typeMatch) return refuse(400, "bad-content-type", `Content-Type must carry charset=utf-8, got '${contentType}'`);
    const urlPath = headers[WIRE_HEADERS.urlPath.toLowerCase()];
    if (!urlPath) return refuse(400, "missing-url-path", "The urlPath header is required");
    recorded.urlPath = urlPath;
    let bytes: Uint8Array;
    try {
      bytes = decodeBase64(new Uint8Array(await request.arrayBuffer()));
    } catch (error) {
      if (error instanceof Base64Error) return refuse(400, "invalid-base64", error.message);
      throw error;
    }
    recorded.bodyLength = bytes.length;
    let sha256: string | undefined;
    if (options.sha256) {
      sha256 = await sha256Hex(options.sha256, bytes);
      recorded.bodySha256 = sha256;
    }
    const declared = headers[WIRE_HEADERS.contentSha256];
    if (declared === undefined && options.requireContentSha256) {
      return refuse(400, "missing-sha256", "x-content-sha256 is required");
    }
    if (declared !== undefined && sha256 !== undefined && declared !== sha256) {
      return refuse(422, "sha256-mismatch", "The body does not match x-content-sha256");
    }
    return { bytes, sha256, type: typeMatch[1]! };
  };

  const fileUrl = (origin: string, urlPath: string): string => `${origin}${WIRE_PATHS.files}${urlPath}`;

  const handleUpload = async (recorded: MutableRequest, request: Request): Promise<Response> => {
    const read = await readUpload(recorded, request);
    if (read instanceof Response) return read;
    if (read.bytes.length > SINGLE_UPLOAD_MAX) return refuse(413, "too-large", "A single upload is at most 10 MiB");
    const url = fileUrl(recorded.origin, recorded.urlPath!);
    files.set(recorded.urlPath!, {
      urlPath: recorded.urlPath!,
      type: read.type,
      url,
      size: read.bytes.length,
      bytes: keepBytes ? read.bytes : undefined,
      sha256: read.sha256,
    });
    const lost = takeFailure(recorded, true);
    if (lost) return failure(lost);
    return HttpResponse.json({ group_id: `file-${nextFile++}`, url, ...(read.sha256 ? { sha256: read.sha256 } : {}) });
  };

  const handleChunked = async (recorded: MutableRequest, request: Request): Promise<Response> => {
    const read = await readUpload(recorded, request);
    if (read instanceof Response) return read;
    const { part, parts, egnyteId } = recorded;
    if (part === undefined || parts === undefined) return refuse(400, "bad-part", "part and parts must be positive integers");
    if (part > parts) return refuse(400, "bad-part", "part is beyond parts");
    if (parts > MAX_PARTS) return refuse(413, "too-many-parts", `At most ${MAX_PARTS} parts`);
    const isLast = part === parts;
    if (read.bytes.length > CHUNK_SIZE) return refuse(413, "too-large", "A part is at most 10 MiB");
    if (!isLast && read.bytes.length !== CHUNK_SIZE) return refuse(400, "bad-part-size", "Every part but the last is exactly 10 MiB");
    if (isLast && read.bytes.length === 0) return refuse(400, "bad-part-size", "The last part is not empty");
    let group: GroupState | undefined;
    if (part === 1) {
      if (egnyteId) return refuse(400, "unexpected-egnyte-id", "Part 1 opens a group and carries no egnyte_id");
      group = { id: `group-${nextGroup++}`, urlPath: recorded.urlPath!, parts, type: read.type, received: new Map(), completed: false };
      groups.set(group.id, group);
    } else {
      group = egnyteId ? groups.get(egnyteId) : undefined;
      if (!group) return refuse(404, "unknown-group", "Unknown egnyte_id");
      if (group.parts !== parts) return refuse(409, "parts-mismatch", "parts differs from the group");
      if (group.urlPath !== recorded.urlPath) return refuse(409, "url-path-mismatch", "urlPath differs from the group");
    }
    if (isLast) {
      for (let earlier = 1; earlier < parts; earlier++) {
        if (!group.received.has(earlier)) return refuse(409, "parts-missing", `Part ${earlier} has not arrived`);
      }
    }
    group.received.set(part, { bytes: keepBytes ? read.bytes : undefined, sha256: read.sha256 });
    let answer: Record<string, unknown> = { id: group.id, url: `${recorded.origin}${WIRE_PATHS.chunked}/${group.id}`, part };
    if (isLast) {
      const stored = await complete(group, recorded.origin);
      answer = { ...answer, url: stored.url, ...(stored.sha256 ? { sha256: stored.sha256 } : {}) };
    }
    const lost = takeFailure(recorded, true);
    if (lost) return failure(lost);
    return HttpResponse.json(answer);
  };

  const complete = async (group: GroupState, origin: string): Promise<StoredFile> => {
    const ordered = Array.from({ length: group.parts }, (_, index) => group.received.get(index + 1)!);
    const size = ordered.reduce((sum, entry, index) => sum + (entry.bytes?.length ?? (index + 1 < group.parts ? CHUNK_SIZE : 0)), 0);
    let bytes: Uint8Array | undefined;
    let sha256: string | undefined;
    if (keepBytes) {
      bytes = new Uint8Array(size);
      let offset = 0;
      for (const entry of ordered) {
        bytes.set(entry.bytes!, offset);
        offset += entry.bytes!.length;
      }
      if (options.sha256) sha256 = await sha256Hex(options.sha256, bytes);
    }
    group.completed = true;
    const stored: StoredFile = {
      urlPath: group.urlPath,
      type: group.type,
      url: fileUrl(origin, group.urlPath),
      size: bytes?.length ?? size,
      bytes,
      sha256,
    };
    files.set(group.urlPath, stored);
    return stored;
  };

  const positiveInteger = (value: string | undefined): number | undefined =>
    value !== undefined && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : undefined;

  const handlers: HttpHandler[] = [
    http.get(`${balancerUrl}/`, async ({ request }) => {
      const recorded = start("balancer", request);
      await waitForHolds(recorded, request.signal);
      if (options.authorization !== undefined && recorded.headers.authorization !== options.authorization) {
        return finish(recorded, refuse(401, "unauthorized", "Missing or invalid upload ticket"));
      }
      const held = takeFailure(recorded, false);
      if (held) return finish(recorded, failure(held));
      if (balancerState === "network") return finish(recorded, HttpResponse.error());
      if (balancerState === "down") return finish(recorded, refuse(503, "no-servers", "No upload server is healthy"));
      const failed = recorded.headers[WIRE_HEADERS.failedServer]?.replace(/\/+$/, "");
      // Round robin, skipping the server the client just reported, as the real balancer's passive check does.
      const healthy = servers.filter((server) => server !== failed);
      const pool = healthy.length > 0 ? healthy : servers;
      const server = pool[nextServer++ % pool.length]!;
      recorded.answeredServer = server;
      return finish(recorded, HttpResponse.json({ url: server }));
    }),
    ...servers.flatMap((server) => [
      http.post(`${server}${WIRE_PATHS.upload}`, async ({ request }) => {
        const recorded = start("upload", request);
        recorded.urlPath = recorded.headers[WIRE_HEADERS.urlPath.toLowerCase()];
        await waitForHolds(recorded, request.signal);
        if (options.latencyMs) await delay(options.latencyMs);
        const injected = takeFailure(recorded, false);
        if (injected) return finish(recorded, failure(injected));
        return finish(recorded, await handleUpload(recorded, request));
      }),
      http.post(`${server}${WIRE_PATHS.chunked}`, async ({ request }) => {
        const recorded = start("chunked", request);
        const { headers } = recorded;
        recorded.urlPath = headers[WIRE_HEADERS.urlPath.toLowerCase()];
        const part = positiveInteger(headers[WIRE_HEADERS.part]);
        const parts = positiveInteger(headers[WIRE_HEADERS.parts]);
        if (part !== undefined) recorded.part = part;
        if (parts !== undefined) recorded.parts = parts;
        const egnyteId = headers[WIRE_HEADERS.egnyteId];
        if (egnyteId !== undefined) recorded.egnyteId = egnyteId;
        await waitForHolds(recorded, request.signal);
        if (options.latencyMs) await delay(options.latencyMs);
        const injected = takeFailure(recorded, false);
        if (injected) return finish(recorded, failure(injected));
        return finish(recorded, await handleChunked(recorded, request));
      }),
      http.get(`${server}${WIRE_PATHS.chunked}/:groupId`, async ({ request, params }) => {
        const recorded = start("status", request);
        await waitForHolds(recorded, request.signal);
        if (options.authorization !== undefined && recorded.headers.authorization !== options.authorization) {
          return finish(recorded, refuse(401, "unauthorized", "Missing or invalid upload ticket"));
        }
        const injected = takeFailure(recorded, false);
        if (injected) return finish(recorded, failure(injected));
        const group = groups.get(String(params.groupId));
        if (!group) return finish(recorded, refuse(404, "unknown-group", "Unknown egnyte_id"));
        recorded.egnyteId = group.id;
        const received = [...group.received.keys()].sort((a, b) => a - b);
        return finish(recorded, HttpResponse.json({ id: group.id, parts: group.parts, received }));
      }),
    ]),
  ];

  return {
    handlers,
    balancerUrl,
    servers,
    get requests() {
      return requests;
    },
    get files() {
      return files;
    },
    get groups() {
      return groups;
    },
    now: () => clock,
    fail(rule) {
      const entry = { rule, skip: rule.after ?? 0, left: rule.times ?? 1, hits: 0 };
      rules.push(entry);
      return {
        get hits() {
          return entry.hits;
        },
        stop() {
          entry.left = 0;
        },
      };
    },
    hold(match) {
      let arrived!: (request: RecordedRequest) => void;
      let release!: () => void;
      const reached = new Promise<RecordedRequest>((resolve) => {
        arrived = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ match, gate, arrived, release });
      return { reached, release };
    },
    setBalancer(state) {
      balancerState = state;
    },
    reset() {
      for (const hold of holds) hold.release();
      requests = [];
      files = new Map();
      groups = new Map();
      rules = [];
      holds = [];
      balancerState = "up";
      clock = 0;
      nextServer = 0;
      nextGroup = 1;
      nextFile = 1;
    },
  };
}
