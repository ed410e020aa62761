/**
 * The emulator signs its webhook deliveries with its own code (packages/emulator/src/webhooks/signature.ts), held
 * here to a known answer and to the SDK's signer, so a mistake in either shows as a disagreement instead of the
 * SDK's receiver accepting the SDK's own mistake. The receiver end to end: test/e2e/webhook-delivery.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { signWebhookToken } from 'workspace-platform-sdk/webhooks';
import { signDeliveryToken } from '../src/webhooks/signature.js';

describe('signDeliveryToken', () => {
  it('gives the known HS256 token of the standard example (the claims and secret of https://jwt.io)', () => {
    const claims = { sub: '1234567890', name: 'John Doe', iat: 1516239022 };
    expect(signDeliveryToken(claims, 'your-256-bit-secret')).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    );
  });

  it("agrees with the SDK's signer on a delivery's claims, and differs with another secret", async () => {
    const claims = {
      aud: 'http://127.0.0.1:4100/hook?x=ü',
      iat: 1_795_000_000,
      exp: 1_795_000_300,
      accountId: 9001,
      userId: 501,
    };
    const token = signDeliveryToken(claims, 'signing-secret');
    expect(token).toBe(await signWebhookToken(claims, 'signing-secret'));
    expect(signDeliveryToken(claims, 'another-secret')).not.toBe(token);
  });
});
