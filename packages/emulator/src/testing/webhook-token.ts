/**
 * `signWebhookToken`: the JWT the platform (and the emulator) puts in a webhook delivery's `Authorization` header,
 * for a test that posts its own deliveries to a receiver. Signed by the emulator's own signer
 * (../webhooks/signature.ts), the one its deliveries use. Pinned by test/testing-webhook-token.test.ts.
 */
import { signDeliveryToken } from '../webhooks/signature.js';

/**
 * Signs `claims` as an HS256 JWT with `secret`: the token a webhook delivery carries, so a test can post a delivery
 * of its own to a receiver made with `createWebhookHandler` and the same signing secret.
 *
 * ```ts
 * // fragment
 * const token = await signWebhookToken({ aud: 'https://app.example.com/webhooks', exp: now + 300 }, signingSecret);
 * ```
 *
 * @throws TypeError (as a rejection) when `secret` is not a non-empty string, `claims` is not an object, or the
 * claims cannot be written as JSON.
 */
export async function signWebhookToken(claims: Readonly<Record<string, unknown>>, secret: string): Promise<string> {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('Signing needs a non-empty signing secret.');
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new TypeError('Signing needs the claims as an object.');
  }
  return signDeliveryToken(claims, secret);
}
