/**
 * The JWT the emulator puts in a webhook delivery's `Authorization` header: HS256 over the claims, signed with the
 * app's signing secret (https://developer.monday.com/apps/docs/authorization-header). The emulator signs with its own
 * code rather than the SDK's `signWebhookToken`, so that a mistake in the SDK's signing or verifying does not pass
 * every test that runs the SDK's receiver against the emulator: packages/emulator/test/webhook-signature.test.ts holds
 * this to a known answer of the JWT standard's form and to the SDK's verifier.
 */
import { createHmac } from 'node:crypto';

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

function part(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** `claims` as a compact JWT (`header.payload.signature`, base64url), signed HS256 with `secret`. */
export function signDeliveryToken(claims: Readonly<Record<string, unknown>>, secret: string): string {
  const signed = `${part(HEADER)}.${part(claims)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed, 'utf8').digest('base64url')}`;
}
