import { describe, expect, it } from 'vitest';
import { generateCustomerPassword } from './customer-password';

/** The Generate button and the server's password when staff leave the field empty. */
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
});
