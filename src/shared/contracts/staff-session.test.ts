import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { staffUser } from './auth';
import { staffSession } from './staff-session';

describe('staffSession (zod/mini)', () => {
  it('describes the same JSON as staffUser', () => {
    expect(z.toJSONSchema(staffSession, { io: 'output' })).toEqual(
      z.toJSONSchema(staffUser, { io: 'output' }),
    );
  });
});
