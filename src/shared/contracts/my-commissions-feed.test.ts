import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { myCommissions } from './commissions';
import { myCommissionsFeed } from './my-commissions-feed';

describe('my-commissions-feed (zod/mini)', () => {
  it('describes the same JSON as the server contract', () => {
    expect(z.toJSONSchema(myCommissionsFeed, { io: 'output' })).toEqual(
      z.toJSONSchema(myCommissions, { io: 'output' }),
    );
  });
});
