import { create } from 'zustand';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface QueuedToast extends ToastMessage {
  id: number;
}

interface ToastState {
  toasts: QueuedToast[];
  show(message: ToastMessage): void;
  dismiss(id: number): void;
}

/** SPEC §9 (toast library defaults): visible for 5 s, F8 focuses the toasts. */
export const TOAST_DURATION_MS = 5000;
const MAX_VISIBLE = 3;
let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (message) =>
    set((state) => ({ toasts: [...state.toasts, { ...message, id: nextId++ }].slice(-MAX_VISIBLE) })),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/**
 * Returns `toast(message)`. Toasts live in this small store so that screens can raise them
 * before the Toaster (loaded lazily) is on the page, and after the raising screen has gone.
 */
export function useToast(): (message: ToastMessage) => void {
  return useToastStore((state) => state.show);
}
