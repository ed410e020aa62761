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
 * so a forged callback cannot learn the expected state byte by byte. It compares UTF-16 code units,
 * not an encoding of them: encoding would turn every lone surrogate into U+FFFD and make different
 * strings compare equal.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let index = 0; index < length; index++) {
    // Past the end charCodeAt gives NaN, which `| 0` turns into 0: the loop always runs `length` times.
    difference |= (a.charCodeAt(index) | 0) ^ (b.charCodeAt(index) | 0);
  }
  return difference === 0;
}
