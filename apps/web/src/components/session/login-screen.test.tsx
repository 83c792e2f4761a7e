// @vitest-environment happy-dom
// The login form checks the address where it is typed: a message in plain words under the field and no request for
// an address that is not one; a good address, trimmed, goes to next-auth's e-mail sign-in and the page says to check mail.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginScreen } from "./login-screen";

vi.mock("next-auth/react", () => ({
  getProviders: async () => ({}),
  getCsrfToken: async () => "csrf-token",
}));

const requests: { url: string; body: string }[] = [];
beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    requests.push({ url, body: String(init.body) });
    return new Response(JSON.stringify({ url: "/login?check=1" }), { status: 200, headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("LoginScreen", () => {
  it("says under the field what is wrong with an address, and sends nothing", async () => {
    render(<LoginScreen />);
    const field = screen.getByLabelText("E-mail");
    fireEvent.change(field, { target: { value: "jo at studio" } });
    fireEvent.click(screen.getByRole("button", { name: "Send me a sign-in link" }));
    expect(await screen.findByText("Write an e-mail address such as name@example.com.")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(requests).toEqual([]);
  });

  it("sends a good address, trimmed, and asks to check the mail", async () => {
    render(<LoginScreen />);
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "  jo@studio.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Send me a sign-in link" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.url).toBe("/api/auth/signin/email");
    expect(new URLSearchParams(requests[0]!.body).get("email")).toBe("jo@studio.com");
    expect(await screen.findByText(/check your e-?mail/i)).toBeTruthy();
  });
});
