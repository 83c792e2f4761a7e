// The confirmation's dialog loads when its trigger is first pressed, and opens then.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";

afterEach(cleanup);

describe("ConfirmDialog loaded on demand", () => {
  it("is its trigger alone until pressed, then asks, and runs the action on Confirm", async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        trigger={<Button>Void invoice</Button>}
        title="Void INV-0042?"
        description="It cannot be undone."
        confirmLabel="Void"
        onConfirm={onConfirm}
      />,
    );
    expect(screen.queryByRole("alertdialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Void invoice" }));
    expect(await screen.findByRole("alertdialog", { name: "Void INV-0042?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Void" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
