// @vitest-environment happy-dom
// Addresses in what people write become links that open in a new tab; markup and other schemes stay plain text.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LinkedText } from "./linked-text";

afterEach(cleanup);

const links = () => screen.queryAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);

describe("LinkedText", () => {
  it("links web and e-mail addresses, keeping the words around them", () => {
    const { container } = render(
      <p>
        <LinkedText>{"Proof at https://example.com/p?id=1, mirror www.example.org and questions to jo@studio.com."}</LinkedText>
      </p>,
    );
    expect(links()).toEqual([
      ["https://example.com/p?id=1", "https://example.com/p?id=1"],
      ["www.example.org", "https://www.example.org"],
      ["jo@studio.com", "mailto:jo@studio.com"],
    ]);
    expect(container.textContent).toBe("Proof at https://example.com/p?id=1, mirror www.example.org and questions to jo@studio.com.");
    const web = screen.getByRole("link", { name: "https://example.com/p?id=1" });
    expect(web.getAttribute("target")).toBe("_blank");
    expect(web.getAttribute("rel")).toBe("noopener noreferrer nofollow");
  });

  it("never reads markup, and leaves javascript: and other schemes as text", () => {
    const { container } = render(
      <p>
        <LinkedText>{'<img src=x onerror="alert(1)"> javascript:alert(1) ftp://files.example.com/a <b>bold</b>'}</LinkedText>
      </p>,
    );
    expect(links()).toEqual([]);
    expect(container.querySelector("img, b")).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});
