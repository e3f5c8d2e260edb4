import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const NOW = Date.parse('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('timeAgo (spec 2 §9)', () => {
  it("says 'Just now' under a minute, and for a time a little ahead of the clock", () => {
    expect(timeAgo(ago(0), NOW)).toBe('Just now');
    expect(timeAgo(ago(59_999), NOW)).toBe('Just now');
    expect(timeAgo(ago(-5_000), NOW)).toBe('Just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(timeAgo(ago(MIN), NOW)).toBe('1 minute ago');
    expect(timeAgo(ago(59 * MIN + 59_000), NOW)).toBe('59 minutes ago');
  });

  it('counts whole hours under 1440 minutes', () => {
    expect(timeAgo(ago(60 * MIN), NOW)).toBe('1 hour ago');
    expect(timeAgo(ago(1439 * MIN), NOW)).toBe('23 hours ago');
  });

  it('counts whole days from 1440 minutes on', () => {
    expect(timeAgo(ago(1440 * MIN), NOW)).toBe('1 day ago');
    expect(timeAgo(ago(45 * 1440 * MIN), NOW)).toBe('45 days ago');
  });

  it('says nothing for a time it cannot read', () => {
    expect(timeAgo('not a date', NOW)).toBe('');
  });
});
