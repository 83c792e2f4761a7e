// Asks an upload server which parts of a group it already holds (GET /api/chunked/{egnyte_id}).
import { type GroupStatusAnswer, groupStatusUrl, parseGroupStatusAnswer } from "../wire";
import { HttpStatusFailure } from "./failures";
import { readJson } from "./post-body";
import { requestServer } from "./request-server";
import type { Runtime } from "./runtime";

export type GroupStatus =
  | { readonly kind: "found"; readonly answer: GroupStatusAnswer }
  /** The servers do not know the group (expired or never opened): start a new one. */
  | { readonly kind: "gone" }
  /** No answer; fall back to what the client remembers. */
  | { readonly kind: "unknown" };

export async function fetchGroupStatus(runtime: Runtime, groupId: string): Promise<GroupStatus> {
  try {
    const { url: server } = await requestServer(runtime);
    const headers = await runtime.headers();
    const answer = await runtime.request(groupStatusUrl(server, groupId), { method: "GET", headers }, async (response) =>
      parseGroupStatusAnswer(await readJson(response, server)),
    );
    return { kind: "found", answer };
  } catch (error) {
    if (runtime.scope.aborted) throw error;
    if (error instanceof HttpStatusFailure && (error.status === 404 || error.status === 410)) return { kind: "gone" };
    return { kind: "unknown" };
  }
}
