// Uploads that never lose work: partial batches, one toast per kind of failure, and uploads outliving their dialog.
import { createUploadBackend } from "@atelier/upload-engine/testing";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import Uppy from "@uppy/core";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AtelierUploader } from "./atelier-uploader";
import type { FileBody, FileMeta } from "./file-shapes";
import type { UploadedFile, UploadServices } from "./services";
import { createUploadUppy, type UploadDialogProps } from "./upload-dialog";
import { UploadManager } from "./upload-manager";
import { UploadTray } from "./upload-tray";

const FOLDER = "ACME/Summ/Summer_party/MATERIALS";
const backend = createUploadBackend({ authorization: "Bearer ticket-1" });
const server = setupServer(...backend.handlers);

const services = (): UploadServices => ({
  storageBase: "http://app.test",
  placeholderUrl: "/placeholder.svg",
  uploadTicket: async () => ({
    ticket: "ticket-1",
    expiresAt: new Date(Date.now() + 300_000),
    balancerUrl: backend.balancerUrl,
    folder: FOLDER,
  }),
  signUpload: async () => "signed",
  randomId: () => "id0000000000000001",
  fetch: (input, init) =>
    fetch(input, {
      ...init,
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
    }),
  resizeImage: async (_file, size) => new Blob([new Uint8Array(size.width)], { type: "image/jpeg" }),
});

function props(overrides: Partial<UploadDialogProps> = {}): UploadDialogProps {
  return {
    open: false,
    setModal: vi.fn(),
    setFiles: vi.fn(),
    purpose: { type: "asset" },
    services: services(),
    showErrors: false,
    ...overrides,
  };
}

const text = (name: string, size = 5) => ({ name, type: "text/plain", data: new Blob([new Uint8Array(size)], { type: "text/plain" }) });
const names = (call: unknown) => (call as UploadedFile[]).map((f) => f.name).sort();
const instances: Uppy<FileMeta, FileBody>[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  for (const uppy of instances.splice(0)) uppy.destroy();
  backend.reset();
  document.body.innerHTML = "";
});
afterAll(() => server.close());

describe("a batch with a refused file", () => {
  function batch() {
    const p = props();
    const uppy = createUploadUppy(() => p);
    instances.push(uppy);
    const refusal = backend.fail({ urlPath: `${FOLDER}/refused.txt`, status: 400, times: Number.POSITIVE_INFINITY });
    for (const name of ["a.txt", "refused.txt", "c.txt"]) uppy.addFile(text(name));
    return { p, uppy, refusal };
  }

  it("attaches the two that uploaded and keeps the refused one, open, to retry", async () => {
    const { p, uppy, refusal } = batch();
    await uppy.upload();
    expect(p.setFiles).toHaveBeenCalledTimes(1);
    expect(names(vi.mocked(p.setFiles).mock.calls[0]![0])).toEqual(["a.txt", "c.txt"]);
    expect(p.setModal).not.toHaveBeenCalled();
    expect(
      uppy
        .getFiles()
        .filter((f) => f.error)
        .map((f) => f.name),
    ).toEqual(["refused.txt"]);

    refusal.stop();
    await uppy.retryAll();
    expect(p.setFiles).toHaveBeenCalledTimes(2);
    expect(names(vi.mocked(p.setFiles).mock.calls[1]![0])).toEqual(["refused.txt"]);
    expect(uppy.getFiles()).toHaveLength(0);
    expect(p.setModal).toHaveBeenCalledWith(false);
  });

  it("dropping the refused file finishes the batch without attaching anything twice", async () => {
    const { p, uppy } = batch();
    await uppy.upload();
    uppy.removeFile(uppy.getFiles().find((f) => f.error)!.id);
    await waitFor(() => expect(uppy.getFiles()).toHaveLength(0));
    expect(p.setFiles).toHaveBeenCalledTimes(1);
    expect(p.setModal).toHaveBeenCalledWith(false);
  });
});

describe("toasts (docs/upload-protocol.md, the upload dialog and its messages)", () => {
  function uploader() {
    const onError = vi.fn();
    const uppy = new Uppy<FileMeta, FileBody>().use(AtelierUploader, { purpose: { type: "asset" }, services: services(), onError });
    instances.push(uppy);
    return { uppy, onError };
  }

  it("says 'No servers available' once for a batch of three, with no 'Remaining Retries'", async () => {
    const { uppy, onError } = uploader();
    backend.setBalancer("down");
    for (const name of ["a.txt", "b.txt", "c.txt"]) uppy.addFile(text(name));
    await uppy.upload();
    expect(uppy.getFiles().every((f) => f.error)).toBe(true);
    expect(onError.mock.calls).toEqual([["Error", "No servers available. Please try again later."]]);
  });

  it("shows 'Remaining Retries' for each failed attempt of a part of a chunked file", async () => {
    const { uppy, onError } = uploader();
    backend.fail({ part: 2, times: 2, status: 503 });
    uppy.addFile({ name: "print.pdf", type: "application/pdf", data: new Blob([new Uint8Array(2 * 10_485_760 + 5)]) });
    await uppy.upload();
    expect(uppy.getFiles()[0]!.progress.uploadComplete).toBe(true);
    expect(onError.mock.calls).toEqual([
      ["There was an error uploading print.pdf (index 0 / part 2)", "Remaining Retries: 10"],
      ["There was an error uploading print.pdf (index 0 / part 2)", "Remaining Retries: 9"],
    ]);
  }, 60_000);

  it("keeps a whole file's retried attempts quiet, and names a file that finally failed once", async () => {
    const { uppy, onError } = uploader();
    backend.fail({ urlPath: `${FOLDER}/flaky.txt`, times: 2, status: 503 });
    backend.fail({ urlPath: `${FOLDER}/refused.txt`, times: Number.POSITIVE_INFINITY, status: 400 });
    uppy.addFile(text("flaky.txt"));
    uppy.addFile(text("refused.txt"));
    await uppy.upload();
    expect(onError.mock.calls).toEqual([["There was an error uploading refused.txt", "Please, try again."]]);
  });
});

describe("the manager", () => {
  it("keeps an upload going after its dialog is released, hands it to the dialog's parent, then ends the session", async () => {
    const manager = new UploadManager();
    const p = props();
    const uppy = createUploadUppy(() => p);
    const session = manager.adopt(uppy);
    const hold = backend.hold({ kind: "upload" });
    uppy.addFile(text("brief.txt"));
    const done = uppy.upload();
    await waitFor(() => expect(backend.requests.some((r) => r.kind === "upload")).toBe(true));
    manager.release(session);
    expect(manager.isUploading()).toBe(true);
    expect(manager.getSnapshot()).toMatchObject([{ name: "brief.txt", status: "uploading" }]);
    hold.release();
    await done;
    expect(names(vi.mocked(p.setFiles).mock.calls[0]![0])).toEqual(["brief.txt"]);
    expect(manager.isUploading()).toBe(false);
    expect(manager.getSnapshot()).toMatchObject([{ name: "brief.txt", status: "done" }]);
    // The released session is destroyed once it has nothing left to do.
    await waitFor(() => expect(uppy.getPlugin("AtelierUploader")).toBeUndefined());
  });

  it("ends a released session at once when nothing was sent", async () => {
    const manager = new UploadManager();
    const uppy = createUploadUppy(() => props());
    uppy.addFile(text("never-sent.txt"));
    manager.release(manager.adopt(uppy));
    await waitFor(() => expect(uppy.getPlugin("AtelierUploader")).toBeUndefined());
    expect(manager.getSnapshot()).toEqual([]);
  });

  it("the tray shows each file, and retries or drops a failed one", async () => {
    const manager = new UploadManager();
    const p = props();
    const uppy = createUploadUppy(() => p);
    instances.push(uppy);
    manager.adopt(uppy);
    render(<UploadTray manager={manager} />);
    const refusal = backend.fail({ urlPath: `${FOLDER}/refused.txt`, status: 400, times: Number.POSITIVE_INFINITY });
    for (const name of ["a.txt", "refused.txt"]) uppy.addFile(text(name));
    await act(() => uppy.upload());
    // The tray's card loads with the first file.
    expect(await screen.findByRole("region", { name: "Uploads" })).toBeTruthy();
    expect(screen.getByText("1 upload failed")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "a.txt upload" }).getAttribute("aria-valuenow")).toBe("100");
    expect(screen.getByText(/There was an error uploading refused\.txt/)).toBeTruthy();

    refusal.stop();
    fireEvent.click(screen.getByRole("button", { name: "Retry refused.txt" }));
    await screen.findByText("Uploads finished");
    await waitFor(() => expect(p.setFiles).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole("button", { name: "Close the upload list" }));
    expect(screen.queryByRole("region", { name: "Uploads" })).toBeNull();
  });

  it("the tray's Drop takes the failed file off without uploading it", async () => {
    const manager = new UploadManager();
    const p = props();
    const uppy = createUploadUppy(() => p);
    instances.push(uppy);
    manager.adopt(uppy);
    render(<UploadTray manager={manager} />);
    backend.fail({ urlPath: `${FOLDER}/refused.txt`, status: 400, times: Number.POSITIVE_INFINITY });
    for (const name of ["a.txt", "refused.txt"]) uppy.addFile(text(name));
    await act(() => uppy.upload());
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Drop refused.txt" })));
    await screen.findByText("Uploads finished");
    expect(screen.getAllByTestId("upload-tray-file").map((row) => row.textContent)).toEqual([expect.stringMatching(/^a\.txtUploaded/)]);
    await waitFor(() => expect(uppy.getFiles()).toHaveLength(0));
    expect(p.setFiles).toHaveBeenCalledTimes(1);
  });
});
