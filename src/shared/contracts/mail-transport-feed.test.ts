import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailTransport } from './email-delivery';
import { mailTransportFeed } from './mail-transport-feed';

describe('mail-transport-feed (zod/mini)', () => {
  it('describes the same JSON as the server contract', () => {
    expect(z.toJSONSchema(mailTransportFeed, { io: 'output' })).toEqual(
      z.toJSONSchema(mailTransport, { io: 'output' }),
    );
  });
});
