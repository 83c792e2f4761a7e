import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ThemeProvider } from "./theme-provider";
import { ThemeToggle } from "./theme-toggle";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function openMenu() {
  const trigger = screen.getByRole("button", { name: "Toggle theme" });
  // Radix opens the menu on pointerdown (primary button) or Enter.
  act(() => {
    fireEvent.keyDown(trigger, { key: "Enter" });
  });
}

describe("ThemeToggle", () => {
  it.each([
    ["Dark", "dark"],
    ["Light", "light"],
    ["System", "system"],
  ])('choosing %s stores %s under "theme"', async (label, stored) => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    openMenu();
    const item = await screen.findByRole("menuitemradio", { name: label });
    act(() => {
      fireEvent.click(item);
    });
    expect(localStorage.getItem("theme")).toBe(stored);
  });

  it("offers exactly Light, Dark and System", async () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    openMenu();
    const items = await screen.findAllByRole("menuitemradio");
    expect(items.map((i) => i.textContent)).toEqual(["Light", "Dark", "System"]);
  });

  it("puts the dark class on <html> when Dark is chosen", async () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    openMenu();
    act(() => {
      fireEvent.click(screen.getByRole("menuitemradio", { name: "Dark" }));
    });
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });
});
