import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, TOAST_REMOVE_DELAY_MS, toast } from "../hooks/use-toast";
import { TOAST_DURATION_MS } from "../settings";
import { Toaster } from "./toaster";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // The queue is global; empty it so each test starts clean.
  act(() => {
    dismissToast();
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
  });
  cleanup();
  vi.useRealTimers();
});

const visibleToasts = () => screen.queryAllByRole("status").filter((el) => el.tagName === "LI");

describe("<Toaster /> with toast()", () => {
  it("shows at most 3 toasts, the newest ones", () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast({ title: `Toast ${n}` });
    });
    expect(visibleToasts()).toHaveLength(3);
    expect(screen.queryByText("Toast 1")).toBeNull();
    expect(screen.queryByText("Toast 2")).toBeNull();
    expect(screen.getAllByText("Toast 5").length).toBeGreaterThan(0);
  });

  it("gives the destructive variant its own red styling", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Fine", variant: "default" });
      toast({ title: "Broken", variant: "destructive" });
    });
    const [first, second] = visibleToasts();
    const byVariant = (v: string) => [first, second].find((el) => el?.getAttribute("data-variant") === v);
    expect(byVariant("destructive")?.className).toMatch(/\bbg-destructive\b/);
    expect(byVariant("destructive")?.textContent).toContain("Broken");
    expect(byVariant("default")?.className).not.toMatch(/destructive/);
  });

  it("closes a toast after the default duration", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Saved" });
    });
    expect(visibleToasts()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(visibleToasts()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(visibleToasts()).toHaveLength(0);
  });

  it("honours a per-toast duration and can be dismissed or updated through its handle", () => {
    render(<Toaster />);
    let handle!: ReturnType<typeof toast>;
    act(() => {
      toast({ title: "Quick", duration: 1000 });
      handle = toast({ title: "Manual", duration: Infinity });
    });
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.queryAllByText("Quick")).toHaveLength(0);
    act(() => handle.update({ title: "Renamed" }));
    expect(screen.getAllByText("Renamed").length).toBeGreaterThan(0);
    act(() => handle.dismiss());
    expect(visibleToasts()).toHaveLength(0);
  });
});
