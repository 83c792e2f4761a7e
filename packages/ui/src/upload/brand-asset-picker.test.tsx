// The brand library picker: nothing ticked on opening, Add names how many, and it hands over the ticked ids only.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BrandAssetPicker } from "./brand-asset-picker";

afterEach(cleanup);

const assets = [
  { id: "a1", name: "logo.png", kindLabel: "Logos", thumbnail: "/placeholder.svg" },
  {
    id: "a2",
    name: "a-very-long-guideline-file-name-that-would-not-fit-on-a-phone.pdf",
    kindLabel: "Guidelines",
    thumbnail: "/placeholder.svg",
  },
];

describe("BrandAssetPicker", () => {
  it("adds the ticked assets, and only once something is ticked", () => {
    const onPick = vi.fn();
    render(<BrandAssetPicker open onOpenChange={() => undefined} assets={assets} target="Materials" onPick={onPick} />);
    expect(screen.getByRole("dialog", { name: "From brand library" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Add" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: assets[1]!.name }));
    fireEvent.click(screen.getByRole("checkbox", { name: "logo.png" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "logo.png" }));
    // A long name is cut short on screen and kept whole on hover.
    expect(screen.getByText(assets[1]!.name).getAttribute("title")).toBe(assets[1]!.name);
    fireEvent.click(screen.getByRole("button", { name: "Add 1 file" }));
    expect(onPick).toHaveBeenCalledWith(["a2"]);
  });

  it("says so when the library is empty, and while it loads", () => {
    const { rerender } = render(
      <BrandAssetPicker open onOpenChange={() => undefined} assets={undefined} target="Materials" onPick={() => undefined} />,
    );
    expect(screen.getByText("Loading the brand library…")).toBeTruthy();
    rerender(<BrandAssetPicker open onOpenChange={() => undefined} assets={[]} target="Materials" onPick={() => undefined} />);
    expect(screen.getByText(/The brand library is empty/)).toBeTruthy();
  });
});
