import { describe, expect, it } from 'vitest';
import { changedPartOf } from './use-schema-form';

describe('changedPartOf (useSchemaForm `changedOnly`)', () => {
  it('keeps only the keys whose form field is dirty', () => {
    const dirty = new Set(['auditRetentionDays']);
    expect(
      changedPartOf({ sessionLifetimeHours: 1000, auditRetentionDays: 400 }, (f) => dirty.has(f)),
    ).toEqual({ auditRetentionDays: 400 });
    expect(changedPartOf({ a: 1 }, () => false)).toEqual({});
  });

  it('asks about the form field the key shows under (fieldOf)', () => {
    const asked: string[] = [];
    const body = changedPartOf(
      { limits: { maxVehicles: 3 }, name: 'x' },
      (f) => (asked.push(f), f === 'limitsBox'),
      (path) => (path === 'limits' ? 'limitsBox' : path),
    );
    expect(body).toEqual({ limits: { maxVehicles: 3 } });
    expect(asked).toEqual(['limitsBox', 'name']);
  });

  it('leaves a body that is not an object as it is', () => {
    expect(changedPartOf(null, () => false)).toBeNull();
    expect(changedPartOf([1, 2], () => false)).toEqual([1, 2]);
  });
});
