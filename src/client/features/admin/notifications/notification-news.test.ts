import { describe, expect, it } from 'vitest';
import type { StaffNotification } from '@shared/contracts/notification-feed';
import { newsOf, STAFF_DATA_KEYS } from './notification-news';

let serial = 0;
const n = (type: string): StaffNotification => ({
  id: `n${++serial}`,
  type,
  customerId: 'c1',
  data: { customerEmail: 'a@example.com', action: type },
  createdAt: new Date().toISOString(),
  read: false,
});

describe('newsOf (spec 2 §4 live notifications)', () => {
  it("treats the shell's first answer as seen: no toast, nothing refetched", () => {
    const list = [n('plan_upgrade'), n('plan_downgrade')];
    expect(newsOf(list, new Set(), true)).toEqual({ toast: null, stale: [], seen: list.map((x) => x.id) });
  });

  it('toasts the newest when it is new, and refetches what the new ones name, each key once', () => {
    const old = n('payment_method_added');
    const card = n('payment_method_added');
    const up = n('plan_upgrade');
    const news = newsOf([up, card, old], new Set([old.id]), false);
    expect(news.toast?.id).toBe(up.id);
    expect(news.seen).toEqual([up.id, card.id]);
    expect(news.stale).toEqual([
      STAFF_DATA_KEYS.customers,
      STAFF_DATA_KEYS.dashboard,
      STAFF_DATA_KEYS.fleetCenter,
    ]);
  });

  it('does not toast when the newest was seen before, even if an older one is new', () => {
    const older = n('payment_method_added');
    const newest = n('plan_upgrade');
    const news = newsOf([newest, older], new Set([newest.id]), false);
    expect(news.toast).toBeNull();
    expect(news.seen).toEqual([older.id]);
    expect(news.stale).toEqual([STAFF_DATA_KEYS.customers, STAFF_DATA_KEYS.fleetCenter]);
  });

  it('examines at most 5 per poll', () => {
    const list = Array.from({ length: 8 }, () => n('plan_downgrade'));
    expect(newsOf(list, new Set(), false).seen).toEqual(list.slice(0, 5).map((x) => x.id));
  });

  it('refetches everything for a type it does not know', () => {
    expect(newsOf([n('something_new')], new Set(), false).stale).toHaveLength(3);
  });
});
