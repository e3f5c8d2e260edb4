import { describe, expect, it } from 'vitest';
import { generateCustomerPassword, type RandomFill } from './generate-password';

describe('generateCustomerPassword', () => {
  it('makes 12 characters: 8 lowercase letters or digits and 4 uppercase letters', () => {
    for (let run = 0; run < 200; run++) {
      const password = generateCustomerPassword();
      expect(password).toHaveLength(12);
      expect(password.replace(/[^A-Z]/g, '')).toHaveLength(4);
      expect(password.replace(/[^a-z0-9]/g, '')).toHaveLength(8);
    }
  });

  it('mixes the uppercase letters in instead of putting them last', () => {
    const upperAt = new Set<number>();
    for (let run = 0; run < 200; run++) {
      [...generateCustomerPassword()].forEach((c, i) => /[A-Z]/.test(c) && upperAt.add(i));
    }
    expect(upperAt.size).toBe(12);
  });

  it('gives a different password each time', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generateCustomerPassword()));
    expect(seen.size).toBe(100);
  });

  it('draws again when a value falls in the uneven tail of the range (no modulo bias)', () => {
    // 2^32 - 1 is past the last whole multiple of 36 and of 26: every such draw must be thrown away.
    const draws = [0xffff_ffff, 0];
    let calls = 0;
    const fill: RandomFill = (buffer) => {
      buffer[0] = draws[calls++ % 2] ?? 0;
      return buffer;
    };
    const password = generateCustomerPassword(fill);
    expect(password).toHaveLength(12);
    // Every kept draw was 0: the first letter of each alphabet, however shuffled.
    expect([...password].sort().join('')).toBe('AAAAaaaaaaaa');
  });
});
