import { useSyncExternalStore, type ReactNode } from 'react';

/** At most this many toasts are shown at once (docs/product-rules.md). */
export const TOAST_LIMIT = 1;
/** Default display time in ms. */
export const TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; defaults to 5000. */
  duration?: number;
  /** An optional action element (e.g. a `<ToastAction altText=...>`). */
  action?: ReactNode;
  /**
   * Waits for the toast on screen to close instead of replacing it (one shows at a time): for a message
   * that follows one the user must still read (the login page's welcome after the sign-up toast). A
   * later toast that does not wait drops the waiting ones: what they said is out of date by then.
   */
  queue?: boolean;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

/** How long a closed toast stays in the list so its exit animation can play. */
const REMOVE_DELAY = 300;

let toasts: ToastItem[] = [];
/** Toasts raised with `queue`, shown in order as the one on screen closes. */
let waiting: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      const rest = toasts.filter((t) => t.id !== id);
      const next = rest.some((t) => t.open) ? undefined : waiting.shift();
      emit(next ? [next, ...rest].slice(0, TOAST_LIMIT) : rest);
    }, REMOVE_DELAY),
  );
}

/** Closes one toast, or every toast without an id. */
export function dismissToast(id?: string): void {
  waiting = id === undefined ? [] : waiting.filter((t) => t.id !== id);
  emit(
    toasts.map((t) => {
      if (id === undefined || t.id === id) {
        scheduleRemoval(t.id);
        return { ...t, open: false };
      }
      return t;
    }),
  );
}

/** Shows a toast; the newest replaces older ones (at most TOAST_LIMIT visible). */
export function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const { queue, ...shown } = options;
  const item: ToastItem = { variant: 'default', duration: TOAST_DURATION, ...shown, id, open: true };
  if (queue && (toasts.some((t) => t.open) || waiting.length > 0)) waiting.push(item);
  else {
    if (!queue) waiting = [];
    emit([item, ...toasts].slice(0, TOAST_LIMIT));
  }
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => {
      waiting = waiting.map((t) => (t.id === id ? { ...t, ...next } : t));
      emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t)));
    },
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts in the list now (open, and closing ones until their exit has played). */
export function getSnapshot(): ToastItem[] {
  return toasts;
}

/** The current toasts plus the `toast` and `dismiss` functions. */
export function useToast(): { toasts: ToastItem[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
