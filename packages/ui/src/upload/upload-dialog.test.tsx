import { AVATAR_SOURCE, CHUNK_SIZE, type CompressionTarget } from "@atelier/upload-engine";
import { createUploadBackend, partRequests } from "@atelier/upload-engine/testing";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Toaster } from "../components/toaster";
import type { UploadedFile, UploadServices } from "./services";
import { createUploadUppy, UploadDialog, type UploadDialogProps } from "./upload-dialog";

const STORAGE = "http://app.test";
const backend = createUploadBackend({ authorization: "Bearer ticket-1" });
const stored: string[] = [];
const server = setupServer(
  ...backend.handlers,
  http.put(`${STORAGE}/storage/v1/object/upload/sign/*`, async ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get("token") !== "signed") return HttpResponse.json({ error: "bad token" }, { status: 400 });
    stored.push(decodeURIComponent(url.pathname.replace("/storage/v1/object/upload/sign/", "")));
    return HttpResponse.json({ Key: url.pathname });
  }),
);

let ids = 0;
const services = (): UploadServices => ({
  storageBase: STORAGE,
  placeholderUrl: "/placeholder.svg",
  // The server decides the folder; the dialog uploads to that one.
  uploadTicket: async () => ({
    ticket: "ticket-1",
    expiresAt: new Date(Date.now() + 300_000),
    balancerUrl: backend.balancerUrl,
    folder: "ACME/Summ/Summer_party/MATERIALS",
  }),
  signUpload: async () => "signed",
  randomId: () => `id${String(++ids).padStart(16, "0")}`,
  // The simulated browser keeps header names as written; real ones (and the fake servers) lower-case them.
  fetch: (input, init) =>
    fetch(input, {
      ...init,
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
    }),
  // The simulated DOM has no canvas; the resizing itself runs in the browser tests.
  resizeImage: async (_file, size) => new Blob([new Uint8Array(size.width)], { type: "image/jpeg" }),
});

function props(overrides: Partial<UploadDialogProps> = {}): UploadDialogProps {
  return {
    open: true,
    setModal: vi.fn(),
    setFiles: vi.fn(),
    purpose: { type: "asset" },
    services: services(),
    ...overrides,
  };
}

const blob = (size: number, type: string) => new Blob([new Uint8Array(size)], { type });

// Every Uppy a test makes is destroyed after it, whatever the test's outcome.
const instances: ReturnType<typeof createUploadUppy>[] = [];
function makeUppy(p: UploadDialogProps) {
  const uppy = createUploadUppy(() => p);
  instances.push(uppy);
  return uppy;
}

// Tests leave the timers Uppy starts running (a network check 3 s after it starts, the end of each info message):
// Preact's hooks keep one module-wide pending flush (after paint) among them, and clearing it would leave every later
// dialog in this file without effects, as a shuffled run of the brand library's tests showed.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  for (const uppy of instances.splice(0)) uppy.destroy();
  backend.reset();
  stored.length = 0;
  document.body.innerHTML = "";
});
afterAll(() => server.close());

describe("restrictions", () => {
  it("refuses a 12 MB avatar and a PDF avatar with a visible message", async () => {
    const p = props({ purpose: { type: "avatar", mode: "users" } });
    const uppy = makeUppy(p);
    await (uppy.getPlugin("Dashboard") as unknown as { openModal(): Promise<void> }).openModal();
    expect(() => uppy.addFile({ name: "big.png", type: "image/png", data: blob(12_000_000, "image/png") })).toThrow(
      /exceeds maximum allowed size/,
    );
    await waitFor(() => expect(document.body.textContent).toMatch(/big\.png exceeds maximum allowed size/));
    expect(() => uppy.addFile({ name: "brief.pdf", type: "application/pdf", data: blob(10, "application/pdf") })).toThrow(
      /You can only upload/,
    );
    await waitFor(() => expect(document.body.textContent).toMatch(/You can only upload/));
    expect(uppy.getFiles()).toHaveLength(0);
    uppy.addFile({ name: "me.png", type: "image/png", data: blob(1000, "image/png") });
    expect(() => uppy.addFile({ name: "me2.png", type: "image/png", data: blob(1000, "image/png") })).toThrow(/You can only upload 1 file/);
  });

  it("names missing required meta fields as 'Missing required meta field(s): …'", async () => {
    const p = props({ metaFields: [{ id: "caption", name: "Caption" }], requiredMetaFields: ["caption"] });
    const uppy = makeUppy(p);
    uppy.addFile({ name: "notes.txt", type: "text/plain", data: blob(10, "text/plain") });
    await uppy.upload().catch(() => undefined);
    expect(uppy.getState().info.map((i) => i.message)).toContain("Missing required meta field(s): Caption.");
    expect(backend.requests).toHaveLength(0);
  });
});

describe("uploading", () => {
  it("hands the parent {id, url, thumbnail, blur} for every file, clears the files and closes", async () => {
    const p = props();
    const uppy = makeUppy(p);
    uppy.addFile({ name: "notes.txt", type: "text/plain", data: blob(5, "text/plain") });
    uppy.addFile({ name: "photo.png", type: "image/png", data: blob(2048, "image/png") });
    const result = await uppy.upload();
    expect(result?.failed).toEqual([]);
    expect(p.setFiles).toHaveBeenCalledTimes(1);
    const files = vi.mocked(p.setFiles).mock.calls[0]![0] as UploadedFile[];
    expect(files).toHaveLength(2);
    for (const f of files) expect(Object.keys(f)).toEqual(expect.arrayContaining(["blur", "id", "thumbnail", "url"]));
    expect(files.find((f) => f.name === "photo.png")).toMatchObject({ size: 2048, type: "image/png" });
    const byUrl = (name: string) => files.find((f) => f.url.endsWith(name))!;
    expect(byUrl("notes.txt")).toMatchObject({ thumbnail: "/placeholder.svg", blur: "/placeholder.svg" });
    expect(byUrl("photo.png").thumbnail).toMatch(
      /^http:\/\/app\.test\/storage\/v1\/object\/public\/thumbnails\/ACME\/Summ\/Summer_party\/MATERIALS\/photo\.png-id\d+\.jpg$/,
    );
    expect(byUrl("photo.png").blur).toMatch(/\/storage\/v1\/object\/public\/blur\//);
    expect([...backend.files.keys()].sort()).toEqual([
      "ACME/Summ/Summer_party/MATERIALS/notes.txt",
      "ACME/Summ/Summer_party/MATERIALS/photo.png",
    ]);
    expect(stored.filter((s) => s.startsWith("thumbnails/"))).toHaveLength(1);
    expect(uppy.getFiles()).toHaveLength(0);
    expect(p.setModal).toHaveBeenCalledWith(false);
  });

  it("makes a PDF's thumbnail from its first page when the host draws one; the placeholder when it cannot", async () => {
    const page = blob(7, "image/png");
    const drawn: Blob[] = [];
    const firstPdfPage = vi.fn(async (file: Blob, width: number) => {
      expect(width).toBeGreaterThanOrEqual(300);
      if (file.size === 13) throw new Error("not a PDF after all");
      return page;
    });
    const p = props({
      services: {
        ...services(),
        firstPdfPage,
        resizeImage: async (source, size) => {
          drawn.push(source);
          return new Blob([new Uint8Array(size.width)], { type: "image/jpeg" });
        },
      },
    });
    const uppy = makeUppy(p);
    uppy.addFile({ name: "proof.pdf", type: "application/pdf", data: blob(4096, "application/pdf") });
    uppy.addFile({ name: "broken.pdf", type: "application/pdf", data: blob(13, "application/pdf") });
    const result = await uppy.upload();
    expect(result?.failed).toEqual([]);
    const files = vi.mocked(p.setFiles).mock.calls[0]![0] as UploadedFile[];
    const byName = (name: string) => files.find((f) => f.name === name)!;
    expect(byName("proof.pdf").thumbnail).toMatch(/\/storage\/v1\/object\/public\/thumbnails\/.*proof\.pdf-id\d+\.jpg$/);
    expect(byName("proof.pdf").blur).toMatch(/\/storage\/v1\/object\/public\/blur\//);
    // The thumbnail and the blur are cut from the drawn page, not from the PDF's bytes.
    expect(drawn).toEqual([page, page]);
    // A PDF that cannot be drawn still uploads, with the placeholder.
    expect(byName("broken.pdf")).toMatchObject({ thumbnail: "/placeholder.svg", blur: "/placeholder.svg" });
    expect(firstPdfPage).toHaveBeenCalledTimes(2);
  });

  it("gives a PDF the placeholder when the host draws no pages", async () => {
    const p = props();
    const uppy = makeUppy(p);
    uppy.addFile({ name: "proof.pdf", type: "application/pdf", data: blob(4096, "application/pdf") });
    await uppy.upload();
    const [file] = vi.mocked(p.setFiles).mock.calls[0]![0] as UploadedFile[];
    expect(file).toMatchObject({ name: "proof.pdf", thumbnail: "/placeholder.svg", blur: "/placeholder.svg" });
  });

  it("uploads an avatar to the avatars bucket under mode/{random id}", async () => {
    const p = props({ purpose: { type: "avatar", mode: "users" } });
    const uppy = makeUppy(p);
    uppy.addFile({ name: "me.png", type: "image/png", data: blob(1000, "image/png") });
    await uppy.upload();
    const [file] = vi.mocked(p.setFiles).mock.calls[0]![0] as UploadedFile[];
    expect(file!.url).toMatch(/^http:\/\/app\.test\/storage\/v1\/object\/public\/avatars\/users\/id\d{16}$/);
    expect(stored).toEqual([file!.id.replace(/^/, "avatars/")]);
    expect(backend.requests).toHaveLength(0);
  });

  it("crops an avatar from the photo the host compressed to the avatar's target, when it compresses", async () => {
    const photo = blob(5000, "image/jpeg");
    const compressed = blob(700, "image/webp");
    const cropped: Blob[] = [];
    const compressImage = vi.fn(async (_file: Blob, _target: CompressionTarget) => compressed);
    const p = props({
      purpose: { type: "avatar", mode: "clients" },
      services: {
        ...services(),
        compressImage,
        resizeImage: async (source, size) => {
          cropped.push(source);
          return new Blob([new Uint8Array(size.width)], { type: "image/jpeg" });
        },
      },
    });
    const uppy = makeUppy(p);
    uppy.addFile({ name: "logo.jpg", type: "image/jpeg", data: photo });
    await uppy.upload();
    expect(compressImage).toHaveBeenCalledTimes(1);
    expect(compressImage.mock.calls[0]).toEqual([expect.objectContaining({ size: 5000 }), AVATAR_SOURCE]);
    expect(cropped).toHaveLength(1);
    expect(cropped[0]).toBe(compressed);
    expect(stored).toEqual([expect.stringMatching(/^avatars\/clients\//)]);
  });

  it("shows 'No servers available' as a destructive toast, keeps the file to retry, and does not close", async () => {
    render(<Toaster />);
    const p = props();
    const uppy = makeUppy(p);
    backend.setBalancer("down");
    uppy.addFile({ name: "notes.txt", type: "text/plain", data: blob(5, "text/plain") });
    await act(() => uppy.upload());
    await screen.findByText("No servers available. Please try again later.");
    expect(uppy.getFiles()[0]?.error).toBeTruthy();
    expect(p.setFiles).not.toHaveBeenCalled();
    expect(p.setModal).not.toHaveBeenCalled();
    backend.setBalancer("up");
    await act(() => uppy.retryAll());
    expect(p.setFiles).toHaveBeenCalledTimes(1);
  });

  it("retries a failed large file from the dashboard, sending only the parts not yet stored", async () => {
    render(<Toaster />);
    const p = props();
    const uppy = makeUppy(p);
    // Part 2 of 3 fails every attempt: part 1 is stored, the last part is never sent.
    const failing = backend.fail({ part: 2, times: Infinity });
    uppy.addFile({ name: "print.pdf", type: "application/pdf", data: blob(2 * 10_485_760 + 5, "application/pdf") });
    await act(() => uppy.upload());
    expect(uppy.getFiles()[0]?.error).toBeTruthy();
    expect(p.setFiles).not.toHaveBeenCalled();
    // The retry toasts carry the words of docs/upload-protocol.md, "The upload dialog and its messages".
    await screen.findAllByText(/There was an error uploading print\.pdf \(index 0 \/ part 2\)/);
    await screen.findAllByText(/Remaining Retries: \d+/);
    const path = "ACME/Summ/Summer_party/MATERIALS/print.pdf";
    const part1Before = backend.requests.filter((r) => r.kind === "chunked" && r.urlPath === path && r.part === 1).length;
    failing.stop();
    await act(() => uppy.retryAll());
    expect(p.setFiles).toHaveBeenCalledTimes(1);
    const part1After = backend.requests.filter((r) => r.kind === "chunked" && r.urlPath === path && r.part === 1).length;
    expect(part1After).toBe(part1Before);
    expect([...backend.files.values()].find((f) => f.urlPath === path)?.size).toBe(2 * 10_485_760 + 5);
  }, 60_000);

  it("keeps errors quiet when the session says so", async () => {
    render(<Toaster />);
    const shown = () => screen.queryAllByText("No servers available. Please try again later.").length;
    const before = shown();
    const p = props({ showErrors: false });
    const uppy = makeUppy(p);
    backend.setBalancer("down");
    uppy.addFile({ name: "notes.txt", type: "text/plain", data: blob(5, "text/plain") });
    await act(() => uppy.upload());
    expect(uppy.getFiles()[0]?.error).toBeTruthy();
    expect(shown()).toBe(before);
  });
});

describe("an upload a reload or a crash cut", () => {
  const SCOPE = "user-1|project|p-1|materials";
  const film = () => new File([new Uint8Array(2 * CHUNK_SIZE + 1).fill(7)], "film.mov", { type: "video/quicktime", lastModified: 1_000 });

  it("is remembered in this browser, shown with what is missing, and resumes from the servers' parts when chosen again", async () => {
    localStorage.clear();
    const p = props({ services: { ...services(), unfinishedScope: SCOPE } });
    const first = makeUppy(p);
    const refuse = backend.fail({ part: 3, times: Number.POSITIVE_INFINITY });
    first.addFile({ name: "film.mov", type: "video/quicktime", data: film() });
    await first.upload();
    refuse.stop();
    const urlPath = "ACME/Summ/Summer_party/MATERIALS/film.mov";
    expect(partRequests(backend.requests, urlPath).some((r) => r.part === 2 && r.status === 200)).toBe(true);

    // The page comes back (a new dialog, the same browser): the dialog lists the upload and asks for the file again.
    // A reload runs no clean-up, so the first dialog is not destroyed (that would drop its file and forget the upload);
    // only the new dialog's own page is read, since the first one's shows the same notice.
    const from = backend.now();
    const again = makeUppy(p);
    const dashboard = again.getPlugin("Dashboard") as unknown as { openModal(): Promise<void>; el: HTMLElement };
    await dashboard.openModal();
    const shown = () => dashboard.el.textContent ?? "";
    await waitFor(() => expect(shown()).toContain("An upload did not finish"));
    expect(shown()).toContain("20 MB of 20 MB on the servers · 1 B missing");
    expect(shown()).toContain("Browsers do not let a page reopen a file on its own");
    again.addFile({ name: "film.mov", type: "video/quicktime", data: film() });
    await waitFor(() => expect(shown()).toContain("Chosen again: 1 B left to send"));
    const result = await again.upload();
    expect(result?.failed).toEqual([]);
    expect(
      partRequests(backend.requests, urlPath)
        .filter((r) => r.startedAt >= from)
        .map((r) => r.part),
    ).toEqual([3]);
    expect(localStorage.length).toBe(0);
    await waitFor(() => expect(document.body.textContent).not.toContain("An upload did not finish"));
  });

  it("starts afresh for a file of the same name and size but another date, and forgets a discarded one", async () => {
    localStorage.clear();
    const p = props({ services: { ...services(), unfinishedScope: SCOPE } });
    const first = makeUppy(p);
    const refuse = backend.fail({ part: 3, times: Number.POSITIVE_INFINITY });
    first.addFile({ name: "film.mov", type: "video/quicktime", data: film() });
    await first.upload();
    refuse.stop();

    const from = backend.now();
    const other = makeUppy(props({ services: { ...services(), unfinishedScope: SCOPE } }));
    const edited = new File([new Uint8Array(2 * CHUNK_SIZE + 1).fill(8)], "film.mov", { lastModified: 2_000 });
    other.addFile({ name: "film.mov", type: "video/quicktime", data: edited });
    expect((await other.upload())?.failed).toEqual([]);
    const sent = backend.requests.filter((r) => r.startedAt >= from && r.kind === "chunked").map((r) => r.part);
    expect(sent.sort()).toEqual([1, 2, 3]);

    // The first one is still listed; discarding it forgets it.
    await (other.getPlugin("Dashboard") as unknown as { openModal(): Promise<void> }).openModal();
    const discard = await screen.findByRole("button", { name: "Discard film.mov" });
    await act(async () => discard.click());
    expect(localStorage.length).toBe(0);
  });
});

describe("closing", () => {
  async function openDialog(overrides: Partial<UploadDialogProps> = {}) {
    const p = props(overrides);
    render(<UploadDialog {...p} />);
    await waitFor(() => expect(document.querySelector('.uppy-Dashboard--modal[aria-hidden="false"]')).not.toBeNull());
    return p;
  }

  it("Escape calls setModal(false)", async () => {
    const p = await openDialog();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", keyCode: 27, bubbles: true }));
    await waitFor(() => expect(p.setModal).toHaveBeenCalledWith(false));
  });

  it("a click outside calls setModal(false)", async () => {
    const p = await openDialog();
    (document.querySelector(".uppy-Dashboard-overlay") as HTMLElement).click();
    await waitFor(() => expect(p.setModal).toHaveBeenCalledWith(false));
  });

  it("the close button calls setModal(false), and the credit is hidden", async () => {
    const p = await openDialog();
    expect(document.body.textContent).not.toMatch(/Powered by/i);
    (document.querySelector(".uppy-Dashboard-close") as HTMLElement).click();
    await waitFor(() => expect(p.setModal).toHaveBeenCalledWith(false));
  });

  it("the browser back button closes it when enabled", async () => {
    const p = await openDialog({ closeOnBrowserBack: true });
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    await waitFor(() => expect(p.setModal).toHaveBeenCalledWith(false));
  });

  it("is a dialog with a name while it is open", async () => {
    await openDialog();
    await waitFor(() => expect(document.querySelector('[role="dialog"][aria-label="Upload files"]')).not.toBeNull());
  });
});
