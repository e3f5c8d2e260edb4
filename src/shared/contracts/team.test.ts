import { describe, expect, it } from 'vitest';
import { createUserRequest, formatPhoneInput, phoneDigits } from './team';

/** 10 digits, or 11 starting with 1, shown as +1 (xxx) xxx-xxxx while typed. */
describe('phone entry', () => {
  it('formats digit by digit as the box rewrites its own text', () => {
    let text = '';
    const seen: string[] = [];
    for (const digit of '5551234567') {
      text = formatPhoneInput(text + digit);
      seen.push(text);
    }
    expect(seen).toEqual([
      '+1 (5',
      '+1 (55',
      '+1 (555',
      '+1 (555) 1',
      '+1 (555) 12',
      '+1 (555) 123',
      '+1 (555) 123-4',
      '+1 (555) 123-45',
      '+1 (555) 123-456',
      '+1 (555) 123-4567',
    ]);
    expect(formatPhoneInput(`${text}8`)).toBe('+1 (555) 123-4567');
    expect(text.length).toBeLessThanOrEqual(18);
  });

  it('lets a deletion go back through the area code', () => {
    expect(formatPhoneInput('+1 (555) ')).toBe('+1 (555');
    expect(formatPhoneInput('+1 (')).toBe('');
  });

  it('reads pasted numbers with or without the country code', () => {
    expect(formatPhoneInput('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneInput('(555) 123-4567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneInput('+15551234567')).toBe('+1 (555) 123-4567');
  });

  it('accepts 10 digits, or 11 starting with 1, and nothing shorter', () => {
    expect(phoneDigits('5551234567')).toBe('5551234567');
    expect(phoneDigits('1-555-123-4567')).toBe('5551234567');
    expect(phoneDigits('+1 (555) 123-4567')).toBe('5551234567');
    expect(phoneDigits('+1 (555) 123-456')).toBeNull();
    expect(phoneDigits('25551234567')).toBeNull();
  });

  it('stores the formatted number', () => {
    const parsed = createUserRequest.parse({
      email: 'a@b.io',
      firstName: 'A',
      lastName: 'B',
      phone: '555.123.4567',
      address: '1 Main St',
      role: 'sales',
    });
    expect(parsed.phone).toBe('+1 (555) 123-4567');
  });
});
