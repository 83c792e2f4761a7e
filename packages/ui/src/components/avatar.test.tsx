import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UserAvatar } from "./avatar";

afterEach(cleanup);

describe("UserAvatar", () => {
  it("shows the initials when there is no image", () => {
    render(<UserAvatar name="Ada Byron Lovelace" />);
    expect(screen.getByText("AL")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it.each([
    ["sm", 32],
    ["xl", 150],
    [64, 64],
  ] as const)("sizes itself from %s", (size, px) => {
    const { container } = render(<UserAvatar name="Ada" size={size} />);
    const root = container.querySelector<HTMLElement>('[data-slot="avatar"]');
    expect(root?.style.width).toBe(`${px}px`);
    expect(root?.style.height).toBe(`${px}px`);
  });

  it("inside a named control, draws the initials instead of writing them", () => {
    const { container } = render(
      <button type="button" aria-label="Account menu">
        <UserAvatar name="Dora Designer" decorative />
      </button>,
    );
    expect(screen.queryByText("DD")).toBeNull();
    expect(container.querySelector('[data-slot="avatar-fallback"]')?.getAttribute("data-initials")).toBe("DD");
    expect(screen.getByRole("button").textContent).toBe("");
  });
});
