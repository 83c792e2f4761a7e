"use client";
// Global toast queue: `toast()` can be called from anywhere, `useToast()` and <Toaster/> read it.
import { useSyncExternalStore } from "react";
import { initialToastState, type ToastData, type ToastState, type ToastStateAction, toastReducer } from "../lib/toast-reducer";

/** Long enough for the exit animation to finish before the toast leaves the DOM. */
export const TOAST_REMOVE_DELAY_MS = 1000;

export type ToastInput = Omit<ToastData, "id" | "open">;

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (changes: Partial<ToastInput>) => void;
}

type Listener = (state: ToastState) => void;

let state: ToastState = initialToastState;
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "removed", toastId: id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

// The reducer stays pure; the timers that follow a dismissal are kept here.
function dispatch(action: ToastStateAction): void {
  const before = state;
  state = toastReducer(state, action);
  if (action.type === "dismissed") {
    for (const t of state.toasts) {
      if (!t.open) scheduleRemoval(t.id);
    }
  }
  // A toast pushed out by the limit would otherwise leave its timer behind.
  for (const t of before.toasts) {
    if (!state.toasts.some((s) => s.id === t.id)) {
      const timer = removeTimers.get(t.id);
      if (timer !== undefined) clearTimeout(timer);
      removeTimers.delete(t.id);
    }
  }
  for (const listener of listeners) listener(state);
}

export function dismissToast(toastId?: string): void {
  dispatch({ type: "dismissed", toastId });
}

export function toast(input: ToastInput): ToastHandle {
  const id = nextId();
  dispatch({ type: "added", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes) => dispatch({ type: "updated", toast: { ...changes, id } }),
  };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot(): ToastState {
  return state;
}

function getServerSnapshot(): ToastState {
  return initialToastState;
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
