import { describe, expect, it } from "vitest";
import { initialToastState, type ToastData, type ToastState, toastReducer } from "./toast-reducer";

const make = (id: string, extra: Partial<ToastData> = {}): ToastData => ({ id, open: true, ...extra });

function addAll(ids: string[]): ToastState {
  return ids.reduce<ToastState>((s, id) => toastReducer(s, { type: "added", toast: make(id) }), initialToastState);
}

const ids = (s: ToastState) => s.toasts.map((t) => t.id);

describe("toastReducer", () => {
  it("adds newest first", () => {
    expect(ids(addAll(["1", "2"]))).toEqual(["2", "1"]);
  });

  it.each([
    [
      ["1", "2", "3"],
      ["3", "2", "1"],
    ],
    [
      ["1", "2", "3", "4"],
      ["4", "3", "2"],
    ],
    [
      ["1", "2", "3", "4", "5", "6"],
      ["6", "5", "4"],
    ],
  ])("keeps only the newest 3 after adding %j", (added, kept) => {
    expect(ids(addAll(added))).toEqual(kept);
  });

  it("honours a custom limit", () => {
    const s = toastReducer(addAll(["1"]), { type: "added", toast: make("2") }, 1);
    expect(ids(s)).toEqual(["2"]);
  });

  it("updates only the matching toast and keeps its id", () => {
    const s = toastReducer(addAll(["1", "2"]), {
      type: "updated",
      toast: { id: "1", title: "Saved", variant: "destructive" },
    });
    expect(s.toasts.find((t) => t.id === "1")).toMatchObject({ title: "Saved", variant: "destructive", open: true });
    expect(s.toasts.find((t) => t.id === "2")?.title).toBeUndefined();
  });

  it("dismissing closes but keeps the toast until it is removed", () => {
    const dismissed = toastReducer(addAll(["1", "2"]), { type: "dismissed", toastId: "1" });
    expect(dismissed.toasts.map((t) => [t.id, t.open])).toEqual([
      ["2", true],
      ["1", false],
    ]);
    const removed = toastReducer(dismissed, { type: "removed", toastId: "1" });
    expect(ids(removed)).toEqual(["2"]);
  });

  it("dismisses and removes every toast when no id is given", () => {
    const dismissed = toastReducer(addAll(["1", "2"]), { type: "dismissed" });
    expect(dismissed.toasts.every((t) => !t.open)).toBe(true);
    expect(toastReducer(dismissed, { type: "removed" }).toasts).toEqual([]);
  });

  it("does not mutate the previous state", () => {
    const before = addAll(["1"]);
    const snapshot = structuredClone(before);
    toastReducer(before, { type: "dismissed", toastId: "1" });
    toastReducer(before, { type: "added", toast: make("2") });
    expect(before).toEqual(snapshot);
  });
});
