/**
 * The sign-in challenge's rule, shared by the server that checks it and the browser that solves it:
 * SHA-256 of `{challengeId}:{nonce}` must start with `difficulty` zero bits.
 */
export const proofInput = (challengeId: string, nonce: number | string) => `${challengeId}:${nonce}`;

export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}
