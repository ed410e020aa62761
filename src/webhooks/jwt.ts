/**
 * HS256 JWT verification on Web Crypto alone (runs on Node, Deno, Bun and workerd). The signature is checked by
 * `crypto.subtle.verify`, which compares in constant time. Rules, in the order they are checked:
 * - three parts, each in canonical base64url (no padding, unused low bits zero: one spelling per token), a JSON header
 *   with `alg: "HS256"` (anything else: `wrong-algorithm`, so `none` never passes);
 * - the signature over `header.payload` with the signing secret (`bad-signature`);
 * - JSON claims with a numeric `exp` (`malformed`), not past (`expired`), `iat`/`nbf` not ahead (`not-yet-valid`),
 *   each with `clockToleranceSeconds` of slack;
 * - `aud` equal to the configured audience, when one is configured (`wrong-audience`).
 * HMAC keys are imported per secret; a handler (or the emulator's delivery) keeps its own small cache of them
 * ({@link createKeyCache}), so two handlers never share state and nothing grows at module level
 * (pinned by test/webhooks/handler.test.ts, "key cache").
 */
import { withSecretField } from '../secret-field.js';
import { WebhookVerificationError } from './errors.js';

/** Claims the platform puts in a webhook's JWT (https://developer.monday.com/apps/docs/authorization-header). */
export interface WebhookClaims {
  /** Account the request comes from. */
  accountId?: number;
  /** User who triggered it. */
  userId?: number;
  /** The endpoint the token was made for. */
  aud?: string | string[];
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
  /** Any other claim. `shortLivedToken`, a credential, is kept but read by name only (never printed or serialised). */
  [claim: string]: unknown;
}

/** The HMAC key of a secret. */
export type KeySource = (secret: string) => Promise<CryptoKey>;

/** What a verification needs. */
export interface JwtCheck {
  secret: string;
  /** Where the key comes from. Default: imported for this check alone. */
  keys?: KeySource;
  audience?: string | undefined;
  clockToleranceSeconds: number;
  nowMs: number;
}

const encoder = new TextEncoder();

/** Most keys one cache holds: a handler has one secret, two while it is rotated. */
const MAX_CACHED_KEYS = 4;

/** Imports the HMAC-SHA256 key of `secret`, uncached. */
export function importHmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/** A cache of keys by secret for one owner, at most {@link MAX_CACHED_KEYS} (the least recently used goes first). */
export function createKeyCache(): KeySource {
  const keys = new Map<string, Promise<CryptoKey>>();
  return (secret) => {
    let key = keys.get(secret);
    if (key) keys.delete(secret);
    else {
      key = importHmacKey(secret);
      key.catch(() => keys.delete(secret));
    }
    keys.set(secret, key);
    for (const oldest of keys.keys()) {
      if (keys.size <= MAX_CACHED_KEYS) break;
      keys.delete(oldest);
    }
    return key;
  };
}

function base64UrlBytes(part: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new WebhookVerificationError('malformed', 'The token is not a JWT.');
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    // A part of length 4n+1 is not base64: atob throws a DOMException, which must not escape as a non-verification error.
    throw new WebhookVerificationError('malformed', 'The token is not a JWT.');
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  // The last character of a part can carry unused low bits: other spellings decode to the same bytes. Only the
  // canonical one (RFC 7515's base64url, no padding, unused bits zero) is a JWT part, so a token has one spelling.
  if (base64UrlText(bytes) !== part) throw new WebhookVerificationError('malformed', 'The token is not a JWT.');
  return bytes;
}

function base64UrlText(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function jsonPart(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(base64UrlBytes(part)));
  } catch {
    throw new WebhookVerificationError('malformed', 'The token is not a JWT.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WebhookVerificationError('malformed', 'The token is not a JWT.');
  }
  return value as Record<string, unknown>;
}

/** Verifies `token` and returns its claims; rejects with a {@link WebhookVerificationError} naming the failed check. */
export async function verifyJwt(token: string, check: JwtCheck): Promise<WebhookClaims> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new WebhookVerificationError('malformed', 'The token is not a JWT.');
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = jsonPart(headerPart);
  if (header.alg !== 'HS256') {
    throw new WebhookVerificationError(
      'wrong-algorithm',
      `The token is signed with ${String(header.alg).slice(0, 20)}, not HS256.`,
    );
  }
  const signed = await crypto.subtle.verify(
    'HMAC',
    await (check.keys ?? importHmacKey)(check.secret),
    base64UrlBytes(signaturePart),
    encoder.encode(`${headerPart}.${payloadPart}`),
  );
  if (!signed) throw new WebhookVerificationError('bad-signature', 'The token is not signed with the signing secret.');
  const claims = jsonPart(payloadPart);
  const nowSeconds = check.nowMs / 1000;
  const slack = check.clockToleranceSeconds;
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
    throw new WebhookVerificationError('malformed', 'The token has no numeric exp claim.');
  }
  if (claims.exp + slack < nowSeconds) throw new WebhookVerificationError('expired', 'The token has expired.');
  for (const name of ['iat', 'nbf'] as const) {
    const value = claims[name];
    if (typeof value === 'number' && value - slack > nowSeconds) {
      throw new WebhookVerificationError('not-yet-valid', `The token's ${name} is in the future.`);
    }
  }
  if (check.audience !== undefined) {
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes(check.audience)) {
      throw new WebhookVerificationError('wrong-audience', 'The token was made for another endpoint (aud).');
    }
  }
  if (Object.hasOwn(claims, 'shortLivedToken')) {
    const { shortLivedToken } = claims;
    delete claims.shortLivedToken;
    withSecretField(claims, 'shortLivedToken', shortLivedToken);
  }
  return claims as WebhookClaims;
}

/**
 * Signs `claims` as an HS256 JWT with `secret` (what the platform, and the emulator, send).
 * @throws TypeError (as a rejection) when `secret` is not a non-empty string, `claims` is not an object, or the
 * claims cannot be written as JSON.
 */
export async function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('Signing needs a non-empty signing secret.');
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new TypeError('Signing needs the claims as an object.');
  }
  const header = base64UrlText(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const payload = base64UrlText(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign(
    'HMAC',
    await importHmacKey(secret),
    encoder.encode(`${header}.${payload}`),
  );
  return `${header}.${payload}.${base64UrlText(new Uint8Array(signature))}`;
}
