// The combobox: shows the chosen label, filters by typing, and answers the chosen value.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Combobox } from "./combobox";

afterEach(cleanup);

const businesses = [
  { value: "b1", label: "Acme Coffee" },
  { value: "b2", label: "Globex" },
  { value: "b3", label: "Initech", disabled: true },
];

describe("Combobox", () => {
  it("shows the placeholder, then the chosen option's label", () => {
    const { rerender } = render(
      <Combobox aria-label="Business" options={businesses} value="" placeholder="Choose a business" onValueChange={vi.fn()} />,
    );
    expect(screen.getByRole("combobox", { name: "Business" }).textContent).toBe("Choose a business");
    rerender(<Combobox aria-label="Business" options={businesses} value="b2" onValueChange={vi.fn()} />);
    expect(screen.getByRole("combobox", { name: "Business" }).textContent).toBe("Globex");
  });

  it("filters the options by what is typed and answers the chosen value", async () => {
    const onValueChange = vi.fn();
    render(
      <Combobox aria-label="Business" options={businesses} value="" onValueChange={onValueChange} searchPlaceholder="Search businesses" />,
    );
    fireEvent.click(screen.getByRole("combobox", { name: "Business" }));
    fireEvent.change(await screen.findByPlaceholderText("Search businesses"), { target: { value: "glob" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Globex"]);
    fireEvent.click(screen.getByRole("option", { name: "Globex" }));
    expect(onValueChange).toHaveBeenCalledWith("b2");
  });

  it("says so when nothing matches", async () => {
    render(<Combobox aria-label="Business" options={businesses} value="" onValueChange={vi.fn()} emptyText="No such business." />);
    fireEvent.click(screen.getByRole("combobox", { name: "Business" }));
    fireEvent.change(await screen.findByPlaceholderText("Search…"), { target: { value: "zzz" } });
    expect(await screen.findByText("No such business.")).toBeTruthy();
  });
});
