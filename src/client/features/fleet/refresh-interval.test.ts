import { describe, expect, it } from 'vitest';
import { fleetRefreshInterval } from './refresh-interval';

describe('fleetRefreshInterval', () => {
  it('reloads on the chosen interval while auto refresh is on', () => {
    expect(fleetRefreshInterval({ autoRefresh: true, refreshInterval: '30seconds' })).toBe(30_000);
    expect(fleetRefreshInterval({ autoRefresh: true, refreshInterval: '1minute' })).toBe(60_000);
    expect(fleetRefreshInterval({ autoRefresh: true, refreshInterval: '5minutes' })).toBe(300_000);
  });

  it('never reloads by itself when auto refresh is off, manual only, or the settings are not loaded', () => {
    expect(fleetRefreshInterval({ autoRefresh: false, refreshInterval: '30seconds' })).toBe(false);
    expect(fleetRefreshInterval({ autoRefresh: true, refreshInterval: 'manual' })).toBe(false);
    expect(fleetRefreshInterval(undefined)).toBe(false);
  });
});
