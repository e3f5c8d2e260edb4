import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('relativeTime', () => {
  it("says 'Just now' under a minute, and for a time a little ahead of the clock", () => {
    expect(relativeTime(ago(0), NOW)).toBe('Just now');
    expect(relativeTime(ago(59_999), NOW)).toBe('Just now');
    expect(relativeTime(ago(-5_000), NOW)).toBe('Just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(relativeTime(ago(MIN), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * MIN + 59_000), NOW)).toBe('59 minutes ago');
  });

  it('counts whole hours under 1440 minutes', () => {
    expect(relativeTime(ago(60 * MIN), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(1439 * MIN), NOW)).toBe('23 hours ago');
  });

  it('counts whole days from 1440 minutes on', () => {
    expect(relativeTime(ago(1440 * MIN), NOW)).toBe('1 day ago');
    expect(relativeTime(ago(45 * 1440 * MIN), NOW)).toBe('45 days ago');
  });

  it('says nothing for a time it cannot read', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});
