// @vitest-environment happy-dom
// Removing a file or a colour and archiving a project ask first, in the kit's alert dialog: nothing happens on
// Cancel or Escape, Confirm runs the action once; reopening an archived project needs no question.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ArchiveProjectButton, RemoveButton } from "./destructive-actions";

afterEach(cleanup);

const dialog = () => screen.queryByRole("alertdialog");
/** Presses a button that asks first; the dialog's code loads then (ConfirmDialog), so it shows a moment later. */
async function press(name: string) {
  fireEvent.click(screen.getByRole("button", { name }));
  await screen.findByRole("alertdialog");
}

describe("RemoveButton", () => {
  const renderRemove = (onConfirm: () => unknown = vi.fn()) => {
    render(<RemoveButton name="poster.pdf" from="this project" description="Everyone loses the file." onConfirm={onConfirm} />);
    return onConfirm;
  };

  it("asks before removing, naming the file and where it goes from", async () => {
    const onConfirm = renderRemove();
    await press("Remove poster.pdf");
    const asked = screen.getByRole("alertdialog", { name: "Remove poster.pdf from this project?" });
    expect(asked.textContent).toContain("Everyone loses the file.");
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("Cancel keeps the file", async () => {
    const onConfirm = renderRemove();
    await press("Remove poster.pdf");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("Escape keeps the file", async () => {
    const onConfirm = renderRemove();
    await press("Remove poster.pdf");
    fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("Remove runs the removal once and closes when it is done", async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderRemove(onConfirm);
    await press("Remove poster.pdf");
    const remove = screen.getByRole("button", { name: "Remove" });
    fireEvent.click(remove);
    fireEvent.click(remove);
    // Busy while the server answers: the dialog stays, and says so.
    await screen.findByRole("button", { name: "Removing…" });
    expect(dialog()).not.toBeNull();
    finish();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("a failed removal leaves the dialog open to try again", async () => {
    const onConfirm = vi.fn(() => Promise.reject(new Error("offline")));
    renderRemove(onConfirm);
    await press("Remove poster.pdf");
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    await screen.findByRole("button", { name: "Remove" });
    expect(dialog()).not.toBeNull();
  });
});

describe("ArchiveProjectButton", () => {
  it("asks before archiving, and archives on Archive", async () => {
    const onChange = vi.fn();
    render(<ArchiveProjectButton archived={false} title="Spring poster" pending={false} onChange={onChange} />);
    await press("Archive");
    const asked = screen.getByRole("alertdialog", { name: "Archive Spring poster?" });
    expect(asked.textContent).toContain("reopen it");
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole("button", { name: "Archive" }).at(-1) as HTMLElement);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it("Cancel leaves the project where it is", async () => {
    const onChange = vi.fn();
    render(<ArchiveProjectButton archived={false} title="Spring poster" pending={false} onChange={onChange} />);
    await press("Archive");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it("Reopen brings an archived project back without a question", () => {
    const onChange = vi.fn();
    render(<ArchiveProjectButton archived title="Spring poster" pending={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Reopen" }));
    expect(dialog()).toBeNull();
    expect(onChange).toHaveBeenCalledWith(false);
  });

  it("is disabled while the change is saved", () => {
    render(<ArchiveProjectButton archived={false} title="Spring poster" pending onChange={vi.fn()} />);
    expect((screen.getByRole("button", { name: "Archive" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
