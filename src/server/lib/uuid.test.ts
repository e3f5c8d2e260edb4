import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts a UUID in either case and nothing else', () => {
    expect(isUuid('3f2b8c1e-9d4a-4e2b-8f1c-0a1b2c3d4e5f')).toBe(true);
    expect(isUuid('3F2B8C1E-9D4A-4E2B-8F1C-0A1B2C3D4E5F')).toBe(true);
    expect(isUuid('3f2b8c1e-9d4a-4e2b-8f1c-0a1b2c3d4e5')).toBe(false);
    expect(isUuid(' 3f2b8c1e-9d4a-4e2b-8f1c-0a1b2c3d4e5f')).toBe(false);
    expect(isUuid("1' or '1'='1")).toBe(false);
  });
});
