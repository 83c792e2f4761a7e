// The upload dialog's tickets live minutes: a long upload renews them as it goes, and one whose ticket ran out
// fails with words that say so (and can be retried), never hangs.
import { createUploadBackend } from "@atelier/upload-engine/testing";
import Uppy from "@uppy/core";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AtelierUploader } from "./atelier-uploader";
import type { FileBody, FileMeta } from "./file-shapes";
import type { UploadServices } from "./services";

const FOLDER = "ACME/Summ/Summer_party/MATERIALS";
const MINUTE = 60_000;
const EXPIRED = "Your permission to upload expired before the upload finished. Please, try again.";
// No fixed Authorization: these tests read which ticket each request carried.
const backend = createUploadBackend();
const server = setupServer(...backend.handlers);
const instances: Uppy<FileMeta, FileBody>[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
// Only Date is faked: the tests move the clock past a ticket's end while the real timers run the upload.
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
afterEach(() => {
  vi.useRealTimers();
  for (const uppy of instances.splice(0)) uppy.destroy();
  backend.reset();
});
afterAll(() => server.close());

/** Services whose tickets live five minutes; `renewal` answers every ticket (the first too, when `firstToo`). */
function setup(renewal: (n: number) => boolean = () => true, firstToo = false) {
  let issued = 0;
  const uploadTicket = vi.fn(async () => {
    issued += 1;
    // As the app's client throws it: a tRPC error carries the answer's HTTP status.
    if ((issued > 1 || firstToo) && !renewal(issued)) throw Object.assign(new Error("FORBIDDEN"), { data: { httpStatus: 403 } });
    return { ticket: `ticket-${issued}`, expiresAt: new Date(Date.now() + 5 * MINUTE), balancerUrl: backend.balancerUrl, folder: FOLDER };
  });
  // Moves the clock when a request for `part` leaves, after its ticket was chosen.
  const clockJumps = new Map<string, number>();
  const services: UploadServices = {
    storageBase: "http://app.test",
    placeholderUrl: "/placeholder.svg",
    uploadTicket,
    signUpload: async () => "signed",
    randomId: () => "id0000000000000001",
    fetch: (input, init) => {
      const headers = Object.fromEntries(
        Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const jump = clockJumps.get(headers.part ?? "");
      if (jump !== undefined) {
        clockJumps.delete(headers.part ?? "");
        vi.setSystemTime(Date.now() + jump);
      }
      return fetch(input, { ...init, headers });
    },
    resizeImage: async (_file, size) => new Blob([new Uint8Array(size.width)], { type: "image/jpeg" }),
  };
  const onError = vi.fn();
  const uppy = new Uppy<FileMeta, FileBody>().use(AtelierUploader, { purpose: { type: "asset" }, services, onError });
  instances.push(uppy);
  // Three parts, sent one after another: part 1, the middle, the last.
  uppy.addFile({ name: "print.pdf", type: "application/pdf", data: new Blob([new Uint8Array(2 * 10_485_760 + 5)]) });
  const ticketsOf = (part: number) =>
    backend.requests.filter((r) => r.kind === "chunked" && r.part === part).map((r) => r.headers.authorization);
  return { uppy, onError, uploadTicket, ticketsOf, jumpAt: (part: number, ms: number) => clockJumps.set(String(part), ms) };
}

describe("an upload that outlives its ticket", () => {
  it("asks for a new ticket before the old one expires and sends it on the requests that follow", async () => {
    const { uppy, onError, uploadTicket, ticketsOf, jumpAt } = setup();
    jumpAt(2, 4 * MINUTE + 30_000);
    await uppy.upload();
    expect(uppy.getFiles()[0]!.progress.uploadComplete).toBe(true);
    expect(ticketsOf(1)).toEqual(["Bearer ticket-1"]);
    expect(ticketsOf(2)).toEqual(["Bearer ticket-1"]);
    expect(ticketsOf(3)).toEqual(["Bearer ticket-2"]);
    expect(uploadTicket).toHaveBeenCalledTimes(2);
    expect(onError).not.toHaveBeenCalled();
  });

  it("fails with words that say the ticket expired when no new one can be had, and a retry sends only what is missing", async () => {
    let allowed = false;
    const { uppy, onError, ticketsOf, jumpAt } = setup(() => allowed);
    jumpAt(2, 6 * MINUTE);
    await uppy.upload();
    const [file] = uppy.getFiles();
    expect(file!.error).toBe(`Error ${EXPIRED}`);
    // No request left with the expired ticket, and no 'Remaining Retries' for retries that cannot help.
    expect(ticketsOf(3)).toEqual([]);
    expect(onError.mock.calls).toEqual([["Error", EXPIRED]]);

    allowed = true;
    await uppy.retryAll();
    expect(uppy.getFiles()[0]!.progress.uploadComplete).toBe(true);
    expect(ticketsOf(1)).toEqual(["Bearer ticket-1"]);
    expect(ticketsOf(2)).toEqual(["Bearer ticket-1"]);
    expect(ticketsOf(3)).toHaveLength(1);
  });

  it("says the same when the servers refuse a ticket (401)", async () => {
    const { uppy, onError } = setup();
    backend.fail({ part: 2, status: 401, times: 1 });
    await uppy.upload();
    expect(uppy.getFiles()[0]!.error).toBe(`Error ${EXPIRED}`);
    expect(onError.mock.calls).toEqual([["Error", EXPIRED]]);
  });

  it("says the person may no longer upload here when the app refuses the first ticket, not that servers are down", async () => {
    const { uppy, onError } = setup(() => false, true);
    await uppy.upload();
    const refused = "You may no longer upload files here. Sign in again, or ask the studio for access.";
    expect(uppy.getFiles()[0]!.error).toBe(`Error ${refused}`);
    expect(onError.mock.calls).toEqual([["Error", refused]]);
  });
});
