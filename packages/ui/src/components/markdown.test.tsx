import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

afterEach(cleanup);

const HOSTILE = [
  "# Studio news",
  "",
  "Read [the brief](javascript:alert(1)) or [this](JaVaScRiPt:alert(2)) and [that](https://example.com/ok).",
  "",
  "<script>window.__pwned = true</script>",
  "",
  '<a href="javascript:alert(3)">raw link</a> <img src="x" onerror="window.__pwned = true">',
  "",
  "![pic](javascript:alert(4))",
  "",
  '<iframe src="https://evil.example"></iframe>',
].join("\n");

describe("Markdown", () => {
  it("renders a post's Markdown", () => {
    const { container } = render(<Markdown>{"# Title\n\nSome **bold** text and a [link](https://example.com).\n\n- one\n- two"}</Markdown>);
    expect(container.querySelector("h1")?.textContent).toBe("Title");
    expect(container.querySelector("strong")?.textContent).toBe("bold");
    expect(container.querySelectorAll("li")).toHaveLength(2);
    expect(container.querySelector("a")?.getAttribute("href")).toBe("https://example.com");
  });

  it("renders a hostile post inert: no script, no event handler, no javascript: link, no frame", () => {
    const { container } = render(<Markdown>{HOSTILE}</Markdown>);
    expect(container.querySelector("h1")?.textContent).toBe("Studio news");
    expect(container.querySelectorAll("script, iframe, [onerror], [onclick]")).toHaveLength(0);
    const urls = [...container.querySelectorAll("[href], [src]")].map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? "");
    expect(urls.filter((url) => /^\s*javascript:/i.test(url))).toEqual([]);
    expect(urls).toContain("https://example.com/ok");
    expect(container.innerHTML.toLowerCase()).not.toContain("javascript:");
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
