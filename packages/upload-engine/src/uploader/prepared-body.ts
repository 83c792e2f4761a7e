// One attempt's body, apart from the requests that send it (post-body.ts): the runtime keeps bodies for reuse and the
// requests take them, so both import this rather than each other.
import type { RequestBody } from "../request-body";
import type { BodyEncoding } from "../wire";

/**
 * One attempt's body, base64 or the raw bytes as the server takes them, handed to fetch exactly once. fetch copies a byte body when
 * it builds the request, so once it has it the uploader keeps no reference: a part in
 * flight then costs one copy, not two, and a retry reads and encodes the part afresh.
 * With `reuseBodies` (a transport that does not copy) the runtime takes the body back for
 * a later part once the request has settled.
 */
export class PreparedBody {
  #body: RequestBody | undefined;

  constructor(
    body: RequestBody,
    readonly encoding: BodyEncoding,
    /** Hex SHA-256 of the decoded bytes, when a hash function was injected. */
    readonly sha256: string | undefined,
  ) {
    this.#body = body;
  }

  take(): RequestBody {
    const body = this.#body;
    if (body === undefined) throw new Error("A prepared body is sent once");
    this.#body = undefined;
    return body;
  }
}
