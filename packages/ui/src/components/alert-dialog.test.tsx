// The confirmation dialog: asks first, does nothing on Escape or Cancel, runs the action once, shows it busy.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog, type ConfirmDialogProps } from "./alert-dialog";
import { Button } from "./button";

afterEach(cleanup);

function renderConfirm(overrides: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = overrides.onConfirm ?? vi.fn();
  const view = render(
    <ConfirmDialog
      trigger={<Button>Void invoice</Button>}
      title="Void INV-0042?"
      description="A void invoice cannot be sent or paid."
      confirmLabel="Void"
      destructive
      {...overrides}
      onConfirm={onConfirm}
    />,
  );
  return { onConfirm, ...view };
}

const open = () => fireEvent.click(screen.getByRole("button", { name: "Void invoice" }));
const dialog = () => screen.queryByRole("alertdialog");

describe("ConfirmDialog", () => {
  it("opens as an alert dialog named by its title, with its description, and runs nothing yet", () => {
    const { onConfirm } = renderConfirm();
    expect(dialog()).toBeNull();
    open();
    const shown = screen.getByRole("alertdialog", { name: "Void INV-0042?" });
    expect(shown.textContent).toContain("A void invoice cannot be sent or paid.");
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("Escape closes it without running the action", async () => {
    const { onConfirm } = renderConfirm();
    open();
    fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("Cancel closes it without running the action", async () => {
    const { onConfirm } = renderConfirm();
    open();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("confirm runs the action once, however often it is clicked, and closes", async () => {
    const { onConfirm } = renderConfirm();
    open();
    const confirm = screen.getByRole("button", { name: "Void" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("shows the action busy until its promise settles: Escape and Cancel wait, a second click does nothing", async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderConfirm({ onConfirm, busyLabel: "Voiding…" });
    open();
    fireEvent.click(screen.getByRole("button", { name: "Void" }));
    const busy = await screen.findByRole("button", { name: /Voiding…/ });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("button", { name: "Cancel" }).hasAttribute("disabled")).toBe(true);
    fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    fireEvent.click(busy);
    expect(dialog()).not.toBeNull();
    await act(async () => finish());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("stays open when the action fails, so it can be tried again", async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(undefined);
    renderConfirm({ onConfirm });
    open();
    fireEvent.click(screen.getByRole("button", { name: "Void" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Void" }).hasAttribute("disabled")).toBe(false));
    expect(dialog()).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Void" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it("shows a pending action (a mutation elsewhere) as busy and refuses to run it again", async () => {
    const { onConfirm } = renderConfirm({ pending: true, trigger: <Button>Void invoice</Button> });
    open();
    const busy = screen.getByRole("button", { name: /Working…/ });
    expect(busy.hasAttribute("disabled")).toBe(true);
    fireEvent.click(busy);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
