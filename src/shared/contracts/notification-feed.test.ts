import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notificationFeed, notificationReadAnswer } from './notification-feed';
import { notificationList, notificationReadResponse } from './notifications';

describe('notification-feed (zod/mini)', () => {
  it('describes the same JSON as the server contract', () => {
    expect(z.toJSONSchema(notificationFeed, { io: 'output' })).toEqual(
      z.toJSONSchema(notificationList, { io: 'output' }),
    );
    expect(z.toJSONSchema(notificationReadAnswer, { io: 'output' })).toEqual(
      z.toJSONSchema(notificationReadResponse, { io: 'output' }),
    );
  });
});
