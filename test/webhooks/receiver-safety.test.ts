/**
 * The webhook receiver on the open internet: the credential is checked before the body is read and the body is read
 * only up to `maxBodyBytes`; an event is never acknowledged before `onEvent` succeeded once (a repeat of an event
 * still being handled, or a delivery store that fails, gets an answer the platform retries); events that share a
 * token, as the platform's tokens allow, are each handled once.
 */
import { describe, expect, it } from 'vitest';
import {
  createMemoryDeliveryStore,
  createWebhookHandler,
  type WebhookDeliveryStore,
  type WebhookVerificationError,
} from '../../src/webhooks/index.js';
import { signJwt as signWebhookToken } from '../../src/webhooks/jwt.js';

const SECRET = 'whsec-safety-0123456789abcdef';
const ENDPOINT = 'https://app.example.com/webhooks';
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const now = () => NOW;
const EVENT = { type: 'create_pulse', triggerUuid: 'uuid-1', boardId: 3001, pulseId: 42, pulseName: 'One' };

async function token(claims: Record<string, unknown> = {}, secret = SECRET): Promise<string> {
  const seconds = Math.floor(NOW / 1000);
  return signWebhookToken(
    { accountId: 1, userId: 101, aud: ENDPOINT, iat: seconds, exp: seconds + 300, ...claims },
    secret,
  );
}

function post(body: unknown, authorization?: string): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== undefined) headers.authorization = authorization;
  return new Request(ENDPOINT, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** A body of `total` bytes made as it is read (no Content-Length), counting what the handler pulled. */
function streamed(total: number, authorization?: string) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= total) return controller.close();
        seen.pulled += chunk.byteLength;
        controller.enqueue(chunk.slice());
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== undefined) headers.authorization = authorization;
  const request = new Request(ENDPOINT, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  return { request, seen };
}

const BIG = 32 * 1024 * 1024;

describe('the body is read after the credential, and only up to the limit', () => {
  it('refuses a request without a credential having read no more than a challenge can be', async () => {
    const handle = createWebhookHandler({ signingSecret: SECRET, now, onEvent: () => {} });
    const { request, seen } = streamed(BIG);
    const response = await handle(request);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'missing-header' });
    expect(seen.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it('refuses a request with a bad credential without reading its body', async () => {
    const handle = createWebhookHandler({ signingSecret: SECRET, now, onEvent: () => {} });
    const { request, seen } = streamed(BIG, await token({}, 'another-secret'));
    const response = await handle(request);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'bad-signature' });
    expect(seen.pulled).toBe(0);
  });

  it('stops reading a signed body without Content-Length as soon as it passes maxBodyBytes', async () => {
    const maxBodyBytes = 256 * 1024;
    const handle = createWebhookHandler({ signingSecret: SECRET, now, maxBodyBytes, onEvent: () => {} });
    const { request, seen } = streamed(BIG, await token());
    const response = await handle(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'too-large' });
    expect(seen.pulled).toBeLessThanOrEqual(maxBodyBytes + 64 * 1024);
    expect(seen.cancelled).toBe(true);
  });

  it('still answers the unsigned challenge and handles a signed event', async () => {
    const events: unknown[] = [];
    const handle = createWebhookHandler({ signingSecret: SECRET, now, onEvent: (event) => void events.push(event) });
    expect(await (await handle(post({ challenge: 'c-1' }))).json()).toEqual({ challenge: 'c-1' });
    expect((await handle(post({ event: EVENT }, await token()))).status).toBe(200);
    expect(events).toHaveLength(1);
  });
});

/** A promise with its resolve and reject. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('an event is acknowledged only once onEvent succeeded', () => {
  it('answers a repeat of an event still being handled with a status the platform retries, never 200', async () => {
    const first = deferred();
    let calls = 0;
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      now,
      onEvent: async () => {
        calls += 1;
        if (calls === 1) await first.promise;
      },
    });
    const running = handle(post({ event: EVENT }, await token()));
    const repeat = await handle(post({ event: EVENT }, await token({ iat: Math.floor(NOW / 1000) + 1 })));
    expect(repeat.status).toBe(503);
    expect(repeat.headers.get('retry-after')).toBe('60');
    expect(await repeat.json()).toEqual({ error: 'in-progress' });
    first.reject(new Error('timed out downstream'));
    expect((await running).status).toBe(500);
    // The platform's next retry is handled, and acknowledged once it succeeded.
    const retry = await handle(post({ event: EVENT }, await token({ iat: Math.floor(NOW / 1000) + 2 })));
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ ok: true });
    expect(calls).toBe(2);
    const after = await handle(post({ event: EVENT }, await token({ iat: Math.floor(NOW / 1000) + 3 })));
    expect(await after.json()).toEqual({ duplicate: true });
    expect(calls).toBe(2);
  });

  it('fails towards retrying when the store cannot claim: 503, onEvent not called', async () => {
    let calls = 0;
    const store: WebhookDeliveryStore = {
      claim: () => Promise.reject(new Error('redis down')),
      complete: () => undefined,
      release: () => undefined,
    };
    const handle = createWebhookHandler({ signingSecret: SECRET, now, deliveries: store, onEvent: () => void calls++ });
    const response = await handle(post({ event: EVENT }, await token()));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'store-unavailable' });
    expect(calls).toBe(0);
  });

  it('keeps an event whose failed handling could not be released: retried after the claim lapses', async () => {
    let clock = NOW;
    const memory = createMemoryDeliveryStore({ now: () => clock });
    const store: WebhookDeliveryStore = { ...memory, release: () => Promise.reject(new Error('redis down')) };
    let calls = 0;
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      now: () => clock,
      deliveries: store,
      claimLeaseMs: 5 * 60_000,
      clockToleranceSeconds: 3600,
      onEvent: () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
    });
    expect((await handle(post({ event: EVENT }, await token()))).status).toBe(500);
    clock += 60_000;
    const early = await handle(post({ event: EVENT }, await token({ iat: Math.floor(clock / 1000) })));
    expect(early.status).toBe(503);
    clock += 5 * 60_000;
    const late = await handle(post({ event: EVENT }, await token({ iat: Math.floor(clock / 1000) })));
    expect(late.status).toBe(200);
    expect(calls).toBe(2);
  });
});

describe('events that share a token', () => {
  it('handles each event once: the token holds nothing per delivery, so two events of one second share it', async () => {
    // https://developer.monday.com/apps/docs/authorization-header: accountId, userId, aud, exp, iat (and the
    // short-lived API token); no claim names the delivery, and the body is not signed.
    const seen: string[] = [];
    const refused: WebhookVerificationError[] = [];
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      now,
      onEvent: (event) => void seen.push(event.triggerUuid),
      onRefused: (error) => void refused.push(error),
    });
    const shared = await token();
    expect((await handle(post({ event: EVENT }, shared))).status).toBe(200);
    const second = await handle(post({ event: { ...EVENT, triggerUuid: 'uuid-2', pulseId: 43 } }, shared));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ ok: true });
    // A repeat of either is a duplicate, with the shared token or another.
    expect(await (await handle(post({ event: EVENT }, shared))).json()).toEqual({ duplicate: true });
    const later = await token({ iat: Math.floor(NOW / 1000) + 1 });
    expect(await (await handle(post({ event: { ...EVENT, triggerUuid: 'uuid-2' } }, later))).json()).toEqual({
      duplicate: true,
    });
    expect(seen).toEqual(['uuid-1', 'uuid-2']);
    expect(refused).toEqual([]);
  });
});
