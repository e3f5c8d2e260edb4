import { signInLimitResponse, type SignInChallenge } from '@shared/contracts/auth';
import { leadingZeroBits, proofInput } from '@shared/sign-in-proof';

/**
 * POSTs a sign-in form. After too many failed sign-ins for the account the server answers 429 with
 * a challenge instead of checking the password; the browser solves it (about a second of work) and
 * sends the form once more with the proof, so the person signing in only sees a longer 'Signing
 * in...'. Network failures throw, as fetch does.
 */
export async function postSignIn(url: string, credentials: { email: string; password: string }) {
  const send = (body: object) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'include',
    });
  const first = await send(credentials);
  if (first.status !== 429) return first;
  const answer = signInLimitResponse.safeParse(
    await first
      .clone()
      .json()
      .catch(() => null),
  );
  const challenge = answer.success ? answer.data.challenge : undefined;
  if (!challenge) return first; // the per-address limit: nothing to solve, the form shows the message
  return send({ ...credentials, proof: await solve(challenge) });
}

async function solve(challenge: SignInChallenge): Promise<{ challengeId: string; nonce: string }> {
  // Loaded only when a challenge comes: sign-in pages do not carry a hash function otherwise.
  const { sha256 } = await import('@noble/hashes/sha2.js');
  const encoder = new TextEncoder();
  for (let nonce = 0; ; nonce++) {
    if (leadingZeroBits(sha256(encoder.encode(proofInput(challenge.id, nonce)))) >= challenge.difficulty) {
      return { challengeId: challenge.id, nonce: String(nonce) };
    }
    // Let the page paint and stay responsive while it works.
    if (nonce % 20_000 === 19_999) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
