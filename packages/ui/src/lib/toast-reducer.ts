// Pure state transitions for the toast queue: added, updated, dismissed, removed.

import type { ReactElement, ReactNode } from "react";
import { TOAST_LIMIT, type ToastVariant } from "../settings";

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  /** A `<ToastAction>` element shown beside the text. */
  action?: ReactElement;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; the provider's default when absent. */
  duration?: number;
  /** False once dismissed: it is still rendered so its exit animation can play, until removed. */
  open: boolean;
}

export interface ToastState {
  toasts: readonly ToastData[];
}

export type ToastStateAction =
  | { type: "added"; toast: ToastData }
  | { type: "updated"; toast: Partial<ToastData> & Pick<ToastData, "id"> }
  /** Without an id every toast is affected. */
  | { type: "dismissed"; toastId?: string }
  | { type: "removed"; toastId?: string };

export const initialToastState: ToastState = { toasts: [] };

export function toastReducer(state: ToastState, action: ToastStateAction, limit: number = TOAST_LIMIT): ToastState {
  switch (action.type) {
    case "added":
      // Newest first, so cutting to the limit drops the oldest.
      return { toasts: [action.toast, ...state.toasts].slice(0, limit) };
    case "updated": {
      const { id, ...changes } = action.toast;
      return {
        toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...changes, id } : t)),
      };
    }
    case "dismissed": {
      const { toastId } = action;
      return {
        toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
      };
    }
    case "removed": {
      const { toastId } = action;
      return { toasts: toastId === undefined ? [] : state.toasts.filter((t) => t.id !== toastId) };
    }
  }
}
