/**
 * The testing kit's `signWebhookToken`: the token the emulator's deliveries carry, for a test that posts its own
 * delivery to a receiver. It is the emulator's signer (held to the JWT standard's known answer in
 * webhook-signature.test.ts), it agrees with the SDK's deprecated signer it replaces, and a receiver made with the
 * same secret accepts what it signs.
 */
import { describe, expect, it } from 'vitest';
import { createWebhookHandler, signWebhookToken as deprecatedSigner } from 'workspace-platform-sdk/webhooks';
import { signWebhookToken } from '../src/testing/index.js';

const SECRET = 'signing-secret';
const AUDIENCE = 'https://app.example.com/webhooks';

describe("the testing kit's signWebhookToken", () => {
  it("signs as the SDK's deprecated signer did, token for token", async () => {
    const claims = { aud: AUDIENCE, iat: 1_795_000_000, exp: 1_795_000_300, accountId: 9001, userId: 501 };
    expect(await signWebhookToken(claims, SECRET)).toBe(await deprecatedSigner(claims, SECRET));
  });

  it('signs a delivery a receiver with the same secret and audience accepts', async () => {
    const seen: unknown[] = [];
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      audience: AUDIENCE,
      onEvent: (event) => {
        seen.push(event);
      },
    });
    const iat = Math.floor(Date.now() / 1000);
    const token = await signWebhookToken({ accountId: 1, userId: 7, aud: AUDIENCE, iat, exp: iat + 300 }, SECRET);
    const event = { type: 'create_pulse', triggerUuid: 't-1', boardId: 3001, pulseId: 11, pulseName: 'Order' };
    const response = await handle(
      new Request(AUDIENCE, { method: 'POST', headers: { authorization: token }, body: JSON.stringify({ event }) }),
    );
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('refuses an empty secret and claims that are not an object with a TypeError, as a rejection', async () => {
    await expect(signWebhookToken({ exp: 1 }, '')).rejects.toBeInstanceOf(TypeError);
    await expect(signWebhookToken(null as never, SECRET)).rejects.toBeInstanceOf(TypeError);
  });
});
