// @vitest-environment happy-dom
// A select drawn on the server shows the chosen option before the browser runs any script: a filtered list reloaded
// on a phone says which filter it shows from its first paint. The list's code loads when the select is first pressed.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NativeSelect } from "./native-select";

function BusinessOptions() {
  return <option value="b1">Bakery</option>;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("NativeSelect on the server", () => {
  it("shows the chosen option's label when the options are plain <option>s", () => {
    const html = renderToString(
      <NativeSelect aria-label="Stage" value="approved" onChange={() => undefined}>
        <option value="all">All stages</option>
        {["draft", "approved"].map((v) => (
          <option key={v} value={v}>
            {v === "approved" ? "Approved" : "Draft"}
          </option>
        ))}
      </NativeSelect>,
    );
    const trigger = html.slice(html.indexOf('aria-label="Stage"'));
    expect(text(trigger.slice(0, trigger.indexOf("</button>")))).toContain("Approved");
  });

  it("waits for the page when the options come from a component", () => {
    const html = renderToString(
      <NativeSelect aria-label="Business" value="b1" onChange={() => undefined}>
        <BusinessOptions />
      </NativeSelect>,
    );
    const trigger = html.slice(html.indexOf("<button"));
    expect(text(trigger.slice(0, trigger.indexOf("</button>")))).not.toContain("Bakery");
  });
});

afterEach(cleanup);

describe("NativeSelect in the browser", () => {
  it("opens its list at the first press, loaded then, and hands the choice over as a change event", async () => {
    const changed = vi.fn();
    render(
      <NativeSelect aria-label="Stage" value="all" onChange={(e) => changed(e.target.value)}>
        <option value="all">All stages</option>
        <option value="approved">Approved</option>
      </NativeSelect>,
    );
    const trigger = screen.getByRole("combobox", { name: "Stage" });
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("option")).toBeNull();
    fireEvent.keyDown(trigger, { key: "Enter" });
    fireEvent.click(await screen.findByRole("option", { name: "Approved" }));
    expect(changed).toHaveBeenCalledWith("approved");
  });
});
