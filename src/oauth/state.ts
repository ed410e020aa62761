/**
 * The OAuth `state` value: generated with Web Crypto and compared in constant time.
 */

/** Random bytes in a generated state: 256 bits, well above the 128 the flow needs. */
const STATE_BYTES = 32;

/** A fresh, unguessable `state` (256 random bits from Web Crypto, base64url without padding). */
export function generateState(): string {
  const bytes = new Uint8Array(STATE_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Compares two strings in time that depends only on their lengths, never on where they first differ,
 * so a forged callback cannot learn the expected state byte by byte.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  // A TextEncoder per call (not one at module scope) keeps importing the SDK free of work.
  const encoder = new TextEncoder();
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  const length = Math.max(left.length, right.length);
  let difference = left.length ^ right.length;
  for (let index = 0; index < length; index++) {
    difference |= (left[index] ?? 0) ^ (right[index] ?? 0);
  }
  return difference === 0;
}
