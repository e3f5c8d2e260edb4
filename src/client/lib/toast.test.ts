import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getSnapshot, toast } from './toast';

/** The toasts on screen now, read the way the toaster reads them. */
function onScreen(): string[] {
  return getSnapshot()
    .filter((t) => t.open)
    .map((t) => String(t.title));
}

describe('toast queue (one toast at a time)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('a queued toast waits for the one on screen to close, then shows', () => {
    const signUp = toast({ title: 'Welcome to Motorpool!' });
    toast({ title: 'Welcome!', queue: true });
    expect(onScreen()).toEqual(['Welcome to Motorpool!']);
    signUp.dismiss(); // the toaster does this when its 5 s are up, or on close or swipe
    vi.advanceTimersByTime(300);
    expect(onScreen()).toEqual(['Welcome!']);
  });

  it('a queued toast shows at once when nothing is on screen', () => {
    toast({ title: 'Welcome!', queue: true });
    expect(onScreen()).toEqual(['Welcome!']);
  });

  it('a toast that does not wait replaces the one on screen and drops the waiting ones', () => {
    toast({ title: 'Welcome to Motorpool!' });
    toast({ title: 'Welcome!', queue: true });
    const signedIn = toast({ title: 'Login successful' });
    expect(onScreen()).toEqual(['Login successful']);
    signedIn.dismiss();
    vi.advanceTimersByTime(300);
    expect(onScreen()).toEqual([]);
  });

  it('a waiting toast that is dismissed never shows', () => {
    const first = toast({ title: 'First' });
    const second = toast({ title: 'Second', queue: true });
    second.dismiss();
    first.dismiss();
    vi.advanceTimersByTime(300);
    expect(onScreen()).toEqual([]);
  });
});
