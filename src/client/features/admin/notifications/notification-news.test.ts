import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_CHANGES,
  UNKNOWN_NOTIFICATION_CHANGES,
  type StaffNotification,
} from '@shared/contracts/notification-feed';
import { newsOf } from './notification-news';

let serial = 0;
const n = (type: string): StaffNotification => ({
  id: `n${++serial}`,
  type,
  customerId: 'c1',
  data: { customerEmail: 'a@example.com', action: type },
  createdAt: new Date().toISOString(),
  read: false,
});

describe('newsOf (live notifications)', () => {
  it("treats the shell's first answer as seen: no toast, nothing refetched", () => {
    const list = [n('plan_upgrade'), n('plan_downgrade')];
    expect(newsOf(list, new Set(), true)).toEqual({ toast: null, changed: [], seen: list.map((x) => x.id) });
  });

  it('toasts the newest when it is new, and names the data the new ones changed, each domain once', () => {
    const old = n('payment_method_added');
    const card = n('payment_method_added');
    const up = n('plan_upgrade');
    const news = newsOf([up, card, old], new Set([old.id]), false);
    expect(news.toast?.id).toBe(up.id);
    expect(news.seen).toEqual([up.id, card.id]);
    const expected = new Set([
      ...NOTIFICATION_CHANGES.plan_upgrade,
      ...NOTIFICATION_CHANGES.payment_method_added,
    ]);
    expect(new Set(news.changed)).toEqual(expected);
    expect(news.changed).toHaveLength(expected.size);
    // Billing & Payments reads payments and invoices: a plan change must refetch it (issue 24).
    expect(news.changed).toEqual(expect.arrayContaining(['payments', 'invoices', 'subscriptions']));
  });

  it('does not toast when the newest was seen before, even if an older one is new', () => {
    const older = n('payment_method_added');
    const newest = n('plan_upgrade');
    const news = newsOf([newest, older], new Set([newest.id]), false);
    expect(news.toast).toBeNull();
    expect(news.seen).toEqual([older.id]);
    expect(news.changed).toEqual(NOTIFICATION_CHANGES.payment_method_added);
  });

  it('examines at most 5 per poll', () => {
    const list = Array.from({ length: 8 }, () => n('plan_downgrade'));
    expect(newsOf(list, new Set(), false).seen).toEqual(list.slice(0, 5).map((x) => x.id));
  });

  it('refetches everything for a type it does not know', () => {
    expect(newsOf([n('something_new')], new Set(), false).changed).toEqual(UNKNOWN_NOTIFICATION_CHANGES);
  });
});
