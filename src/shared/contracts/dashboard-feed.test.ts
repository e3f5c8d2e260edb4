import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { activityPageFeed, dashboardStatsFeed } from './dashboard-feed';
import { activityPage, dashboardStats } from './dashboard';

describe('dashboard-feed (zod/mini)', () => {
  it('describes the same JSON as the server contract', () => {
    expect(z.toJSONSchema(dashboardStatsFeed, { io: 'output' })).toEqual(
      z.toJSONSchema(dashboardStats, { io: 'output' }),
    );
    expect(z.toJSONSchema(activityPageFeed, { io: 'output' })).toEqual(
      z.toJSONSchema(activityPage, { io: 'output' }),
    );
  });
});
