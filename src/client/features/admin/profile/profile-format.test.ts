import { describe, expect, it } from 'vitest';
import { deviceOf, humanize } from './profile-format';

const UA = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
};

describe('deviceOf', () => {
  it('names the browser and the system', () => {
    expect(deviceOf(UA.chromeMac)).toBe('Chrome on macOS');
    expect(deviceOf(UA.headlessLinux)).toBe('Chrome on Linux');
    expect(deviceOf(UA.edgeWindows)).toBe('Edge on Windows');
    expect(deviceOf(UA.safariIphone)).toBe('Safari on iOS');
    expect(deviceOf(UA.firefoxAndroid)).toBe('Firefox on Android');
  });

  it('says what it can of an agent it does not know', () => {
    expect(deviceOf(null)).toBe('Unknown browser');
    expect(deviceOf('curl/8.5.0')).toBe('Unknown browser');
    expect(deviceOf('SomeApp/1.0 (Windows NT 10.0)')).toBe('Browser on Windows');
  });
});

describe('humanize', () => {
  it('turns stored codes into words', () => {
    expect(humanize('password_change')).toBe('Password change');
    expect(humanize('staff_user')).toBe('Staff user');
    expect(humanize('login')).toBe('Login');
    expect(humanize('')).toBe('');
  });
});
