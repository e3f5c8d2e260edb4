import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime (spec 2 §9)', () => {
  it('reads under a minute as Just now, then minutes, hours under 1440 minutes, then days', () => {
    expect(relativeTime(ago(59_000), now)).toBe('Just now');
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(relativeTime(ago(1439 * 60_000), now)).toBe('23 hours ago');
    expect(relativeTime(ago(1440 * 60_000), now)).toBe('1 day ago');
    expect(relativeTime(ago(3 * 1440 * 60_000), now)).toBe('3 days ago');
  });

  it('reads a time a little ahead of this clock (skew) as Just now', () => {
    expect(relativeTime(ago(-30_000), now)).toBe('Just now');
  });
});
