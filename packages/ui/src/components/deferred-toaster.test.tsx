// The toast view loads with the first toast; a toast raised before that is not lost.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, TOAST_REMOVE_DELAY_MS, toast } from "../hooks/use-toast";
import { Toaster } from "./deferred-toaster";

afterEach(async () => {
  act(() => dismissToast());
  await new Promise((resolve) => setTimeout(resolve, TOAST_REMOVE_DELAY_MS + 50));
  cleanup();
});

describe("<Toaster /> loaded on demand", () => {
  it("draws nothing until there is a toast, then shows the toast raised before it loaded", async () => {
    const { container } = render(<Toaster />);
    expect(container.innerHTML).toBe("");
    expect(screen.queryByRole("region")).toBeNull();
    act(() => {
      toast({ title: "Saved", description: "The brief is saved." });
    });
    // The view's module loads on that first toast: on a busy machine that can take longer than findByText's 1 s default.
    expect(await screen.findByText("The brief is saved.", {}, { timeout: 10_000 })).toBeTruthy();
  });
});
