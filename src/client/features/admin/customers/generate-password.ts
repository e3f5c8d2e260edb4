/**
 * Spec 2 §5: Generate fills a random 12-character password, 8 lowercase letters or digits and 4 uppercase
 * letters, in random order. Drawn with the Web Crypto generator and without modulo bias.
 */
const LOWER_OR_DIGIT = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const GENERATED_PASSWORD = { lowerOrDigit: 8, upper: 4 } as const;

export type RandomFill = (buffer: Uint32Array) => Uint32Array;
const cryptoFill: RandomFill = (buffer) => crypto.getRandomValues(buffer);

/** A whole number in [0, n): draws again when a value falls in the uneven tail of the 32-bit range. */
function randomBelow(n: number, fill: RandomFill): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = fill(buffer)[0] ?? 0;
    if (value < limit) return value % n;
  }
}

export function generateCustomerPassword(fill: RandomFill = cryptoFill): string {
  const pick = (alphabet: string) => alphabet.charAt(randomBelow(alphabet.length, fill));
  const chars = [
    ...Array.from({ length: GENERATED_PASSWORD.lowerOrDigit }, () => pick(LOWER_OR_DIGIT)),
    ...Array.from({ length: GENERATED_PASSWORD.upper }, () => pick(UPPER)),
  ];
  // Fisher-Yates, so the uppercase letters are not always last.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, fill);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
