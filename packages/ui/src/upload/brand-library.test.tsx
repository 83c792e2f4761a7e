// The upload dialog's "Brand library" tab: it lists the business's assets, the ticked ones join the dialog's files,
// and uploading the batch attaches them by reference (no bytes sent) while the other files upload as usual.
import { createUploadBackend } from "@atelier/upload-engine/testing";
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Toaster } from "../components/toaster";
import { type BrandAssetOption, BrandLibraryPanel, type BrandLibrarySource } from "./brand-library";
import type { UploadedFile, UploadServices } from "./services";
import { createUploadUppy, type UploadDialogProps } from "./upload-dialog";
import { UploadManager } from "./upload-manager";
import { UploadTray } from "./upload-tray";

const backend = createUploadBackend({ authorization: "Bearer ticket-1" });
const server = setupServer(...backend.handlers);

const services = (): UploadServices => ({
  storageBase: "http://app.test",
  placeholderUrl: "/placeholder.svg",
  uploadTicket: async () => ({
    ticket: "ticket-1",
    expiresAt: new Date(Date.now() + 300_000),
    balancerUrl: backend.balancerUrl,
    folder: "ACME/Menu/Autumn_menu/MATERIALS",
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

const assets: BrandAssetOption[] = [
  { id: "a1", name: "logo.png", kindLabel: "Logos", thumbnail: "/thumbs/logo.jpg", size: 40_000, type: "image/png" },
  {
    id: "a2",
    name: "a-very-long-guideline-file-name-that-would-not-fit-on-a-phone.pdf",
    kindLabel: "Guidelines",
    thumbnail: "/placeholder.svg",
    size: 120_000,
    type: "application/pdf",
  },
  // Same name and size as the first, another asset all the same.
  { id: "a3", name: "logo.png", kindLabel: "Logos", thumbnail: "/thumbs/logo-2.jpg", size: 40_000, type: "image/png" },
];

function library(overrides: Partial<BrandLibrarySource> = {}) {
  return {
    list: vi.fn(async () => assets),
    attach: vi.fn(async (ids: string[]) => ids.map((id) => `file-of-${id}`)),
    libraryHref: "/businesses/acme",
    ...overrides,
  } satisfies BrandLibrarySource;
}

function props(brandLibrary: BrandLibrarySource, overrides: Partial<UploadDialogProps> = {}): UploadDialogProps {
  return {
    open: true,
    setModal: vi.fn(),
    setFiles: vi.fn(),
    purpose: { type: "asset" },
    services: services(),
    note: "Materials",
    brandLibrary,
    ...overrides,
  };
}

const instances: ReturnType<typeof createUploadUppy>[] = [];
async function openDialog(p: UploadDialogProps) {
  const uppy = createUploadUppy(() => p);
  instances.push(uppy);
  await act(async () => {
    await (uppy.getPlugin("Dashboard") as unknown as { openModal(): Promise<void> }).openModal();
  });
  return uppy;
}

/** The Dashboard's tab, as a user reaches it. */
async function openTab() {
  const tab = await waitFor(() => {
    const el = document.querySelector<HTMLButtonElement>('[data-uppy-acquirer-id="BrandLibrary"] button[role="tab"]');
    if (!el) throw new Error("no Brand library tab");
    return el;
  });
  expect(tab.textContent).toContain("Brand library");
  act(() => tab.click());
}

// Tests leave Uppy's timers running: Preact's hooks keep one module-wide pending flush (after paint), and clearing
// it would leave every later dialog in this file without effects (its "Add more" then opens nothing).
beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  // The panel renders in a root of its own after Uppy's; on a busy machine that takes longer than the default second.
  configure({ asyncUtilTimeout: 10_000 });
});
afterEach(() => {
  cleanup();
  for (const uppy of instances.splice(0)) uppy.destroy();
  backend.reset();
  document.body.innerHTML = "";
});
afterAll(() => server.close());

describe("BrandLibraryPanel", () => {
  it("adds the ticked assets, and only once something is ticked", () => {
    const onAdd = vi.fn();
    render(<BrandLibraryPanel assets={assets} target="Materials" onAdd={onAdd} />);
    expect(screen.getByText(/add to Materials/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Add" }) as HTMLButtonElement).disabled).toBe(true);
    const [, second] = screen.getAllByRole("checkbox");
    fireEvent.click(screen.getByRole("checkbox", { name: assets[1]!.name }));
    fireEvent.click(screen.getAllByRole("checkbox", { name: "logo.png" })[0]!);
    fireEvent.click(screen.getAllByRole("checkbox", { name: "logo.png" })[0]!);
    expect(second?.getAttribute("aria-checked")).toBe("true");
    // A long name is cut short on screen and kept whole on hover; the size is shown as people read it.
    expect(screen.getByText(assets[1]!.name).getAttribute("title")).toBe(assets[1]!.name);
    expect(screen.getByText("Guidelines · 117 KB")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add 1 file" }));
    expect(onAdd).toHaveBeenCalledWith([assets[1]]);
  });

  it("says where to add assets when the library is empty, while it loads, and when it fails", () => {
    const onRetry = vi.fn();
    const { rerender } = render(<BrandLibraryPanel assets={undefined} onAdd={() => undefined} />);
    expect(screen.getByText("Loading the brand library…")).toBeTruthy();
    rerender(<BrandLibraryPanel assets={[]} libraryHref="/businesses/acme" onAdd={() => undefined} />);
    expect(screen.getByText("The brand library is empty.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "the business's page" }).getAttribute("href")).toBe("/businesses/acme");
    rerender(<BrandLibraryPanel assets={undefined} failed onRetry={onRetry} onAdd={() => undefined} />);
    expect(screen.getByRole("alert").textContent).toContain("could not be loaded");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe("the Brand library tab of the upload dialog", () => {
  it("is a source tab listing the library; picked assets join the dialog's files without bytes", async () => {
    const source = library();
    const uppy = await openDialog(props(source));
    await openTab();
    await screen.findByText("Import from Brand library");
    const boxes = await screen.findAllByRole("checkbox", { name: "logo.png" });
    expect(source.list).toHaveBeenCalledTimes(1);
    act(() => {
      fireEvent.click(boxes[0]!);
      fireEvent.click(boxes[1]!);
    });
    act(() => fireEvent.click(screen.getByRole("button", { name: "Add 2 files" })));
    // The tab closes onto the dialog's list, which holds both (same name and size, two assets).
    await waitFor(() => expect(document.querySelector('[data-uppy-panelType="PickerPanel"]')).toBeNull());
    const files = uppy.getFiles();
    expect(files.map((f) => [f.name, f.size, f.meta.brandAssetId, f.isRemote, f.preview])).toEqual([
      ["logo.png", 40_000, "a1", true, "/thumbs/logo.jpg"],
      ["logo.png", 40_000, "a3", true, "/thumbs/logo-2.jpg"],
    ]);
    // Opening it again (through "Add more") lists the library afresh, with nothing ticked.
    act(() => document.querySelector<HTMLButtonElement>(".uppy-DashboardContent-addMore")!.click());
    await openTab();
    await waitFor(() => expect(source.list).toHaveBeenCalledTimes(2));
    const again = await screen.findAllByRole("checkbox", { name: "logo.png" });
    expect(again.map((b) => b.getAttribute("aria-checked"))).toEqual(["false", "false"]);
  });

  it("uploading the batch attaches picked assets by reference and uploads only the device's files", async () => {
    const source = library();
    const p = props(source);
    const uppy = await openDialog(p);
    const manager = new UploadManager();
    manager.adopt(uppy);
    await openTab();
    const [logo] = await screen.findAllByRole("checkbox", { name: "logo.png" });
    act(() => fireEvent.click(logo!));
    act(() => fireEvent.click(screen.getByRole("checkbox", { name: assets[1]!.name })));
    act(() => fireEvent.click(screen.getByRole("button", { name: "Add 2 files" })));
    uppy.addFile({ name: "notes.txt", type: "text/plain", data: new Blob(["hello"], { type: "text/plain" }) });
    const result = await act(() => uppy.upload());
    expect(result?.failed).toEqual([]);
    // One call for the batch's assets, in the order picked.
    expect(source.attach).toHaveBeenCalledTimes(1);
    expect(source.attach).toHaveBeenCalledWith(["a1", "a2"]);
    // Only the device's file went to the upload servers; the parent hears only of it.
    expect([...backend.files.keys()]).toEqual(["ACME/Menu/Autumn_menu/MATERIALS/notes.txt"]);
    expect(p.setFiles).toHaveBeenCalledTimes(1);
    expect((vi.mocked(p.setFiles).mock.calls[0]![0] as UploadedFile[]).map((f) => f.name)).toEqual(["notes.txt"]);
    // Everything is on the project: the dialog empties and closes, and the tray lists all three as done.
    expect(uppy.getFiles()).toHaveLength(0);
    expect(p.setModal).toHaveBeenCalledWith(false);
    expect(
      manager
        .getSnapshot()
        .map((f) => [f.name, f.status, f.fromLibrary ?? false])
        .sort(),
    ).toEqual([
      [assets[1]!.name, "done", true],
      ["logo.png", "done", true],
      ["notes.txt", "done", false],
    ]);
    render(<UploadTray manager={manager} />);
    expect(await screen.findByText("Added from the brand library · 39 KB")).toBeTruthy();
    expect(screen.getByText("Uploaded · 5 B")).toBeTruthy();
  });

  it("shows a refused attach as a toast, keeps the asset to retry, and attaches it on retry", async () => {
    render(<Toaster />);
    let refuse = true;
    const source = library({
      attach: vi.fn(async (ids: string[]) => {
        if (refuse) throw new Error("No such file in this business's brand library.");
        return ids.map((id) => `file-of-${id}`);
      }),
    });
    const p = props(source);
    const uppy = await openDialog(p);
    await openTab();
    const [logo] = await screen.findAllByRole("checkbox", { name: "logo.png" });
    act(() => fireEvent.click(logo!));
    act(() => fireEvent.click(screen.getByRole("button", { name: "Add 1 file" })));
    await act(() => uppy.upload());
    await screen.findByText("No such file in this business's brand library.");
    expect(screen.getByText("The brand assets were not added")).toBeTruthy();
    expect(uppy.getFiles()[0]?.error).toBeTruthy();
    expect(p.setModal).not.toHaveBeenCalled();
    refuse = false;
    await act(() => uppy.retryAll());
    expect(source.attach).toHaveBeenCalledTimes(2);
    expect(p.setFiles).not.toHaveBeenCalled();
    expect(p.setModal).toHaveBeenCalledWith(false);
  });

  it("says so when the library cannot be listed, and lists it on Try again", async () => {
    render(<Toaster />);
    const list = vi.fn<() => Promise<BrandAssetOption[]>>().mockRejectedValueOnce(new Error("Network error")).mockResolvedValue([]);
    await openDialog(props(library({ list })));
    await openTab();
    await screen.findByText("The brand library could not be loaded");
    const tryAgain = await screen.findByRole("button", { name: "Try again" });
    act(() => fireEvent.click(tryAgain));
    await screen.findByText("The brand library is empty.");
    expect(screen.getByRole("link", { name: "the business's page" }).getAttribute("href")).toBe("/businesses/acme");
  });

  it("is not offered for avatars, nor where the host gives no library", async () => {
    await openDialog(props(library(), { purpose: { type: "avatar", mode: "users" } }));
    const { brandLibrary: _, ...plain } = props(library());
    await openDialog(plain);
    expect(document.querySelector('[data-uppy-acquirer-id="BrandLibrary"]')).toBeNull();
  });
});
