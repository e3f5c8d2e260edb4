/**
 * The customer password staff generate (the dialog's Generate, and the server's when the field is
 * left empty): 12 characters, 8 lowercase letters or digits and 4 uppercase letters, in a random
 * order. Web Crypto, so the browser's Generate button and the server make it the same way.
 */
const LOWER_OR_DIGIT = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A uniform integer in [0, n), without the modulo bias of `random % n`. */
function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const word = new Uint32Array(1);
  do globalThis.crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return word[0]! % n;
}

const pick = (set: string, count: number) =>
  Array.from({ length: count }, () => set[randomBelow(set.length)]!);

export function generateCustomerPassword(): string {
  const chars = [...pick(LOWER_OR_DIGIT, 8), ...pick(UPPER, 4)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
