import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CommandDialog, CommandEmpty, CommandInput, CommandList } from "./command";

afterEach(cleanup);

describe("CommandDialog", () => {
  it("shows the placeholder and empty text it is given, and is named by a hidden title", () => {
    render(
      <CommandDialog open onOpenChange={() => {}} title="Command palette">
        <CommandInput placeholder="Type a command or search..." />
        <CommandList>
          <CommandEmpty>No results found.</CommandEmpty>
        </CommandList>
      </CommandDialog>,
    );
    expect(screen.getByPlaceholderText("Type a command or search...")).toBeTruthy();
    expect(screen.getByText("No results found.")).toBeTruthy();
    const dialog = screen.getByRole("dialog", { name: "Command palette" });
    expect(dialog).toBeTruthy();
  });

  it("renders nothing when closed", () => {
    render(
      <CommandDialog open={false}>
        <CommandInput placeholder="Type a command or search..." />
      </CommandDialog>,
    );
    expect(screen.queryByPlaceholderText("Type a command or search...")).toBeNull();
  });

  it("gives focus back to what had it before it opened, having no trigger of its own", async () => {
    const palette = (open: boolean) => (
      <>
        <button type="button">Notifications</button>
        <CommandDialog open={open} onOpenChange={() => {}}>
          <CommandInput placeholder="Type a command or search..." />
        </CommandDialog>
      </>
    );
    const view = render(palette(false));
    const bell = screen.getByRole("button", { name: "Notifications" });
    bell.focus();
    view.rerender(palette(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByPlaceholderText("Type a command or search...")));
    act(() => view.rerender(palette(false)));
    await waitFor(() => expect(document.activeElement).toBe(bell));
  });
});
