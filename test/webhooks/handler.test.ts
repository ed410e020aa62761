/**
 * The webhook handler and `verifyWebhookRequest`: the challenge, each check refused with its reason, typed events
 * with unknown fields kept, duplicates handled once, and no secret or token in errors or inspect output.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryDeliveryStore,
  createWebhookHandler,
  verifyWebhookRequest,
  type WebhookEvent,
  WebhookVerificationError,
} from '../../src/webhooks/index.js';
import { signJwt as signWebhookToken } from '../../src/webhooks/jwt.js';
import { createNodeWebhookHandler } from '../../src/webhooks/node.js';

const SECRET = 'whsec-test-0123456789abcdef';
const ENDPOINT = 'https://app.example.com/webhooks';
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const now = () => NOW;

const EVENT = {
  app: 'monday',
  type: 'update_column_value',
  triggerTime: '2026-11-25T12:00:00.000Z',
  subscriptionId: 7501,
  userId: 101,
  originalTriggerUuid: null,
  boardId: 3001,
  groupId: 'topics',
  pulseId: 4001,
  pulseName: 'Launch',
  columnId: 'status',
  columnType: 'color',
  columnTitle: 'Status',
  value: { label: { index: 1, text: 'Done' } },
  previousValue: null,
  changedAt: 1_795_000_000.5,
  isTopGroup: true,
  triggerUuid: 'a1b2c3d4e5f6',
  futureField: { kept: true },
};

async function token(claims: Record<string, unknown> = {}, secret = SECRET): Promise<string> {
  const seconds = Math.floor(NOW / 1000);
  return signWebhookToken(
    {
      accountId: 1,
      userId: 101,
      aud: ENDPOINT,
      iat: seconds,
      exp: seconds + 300,
      shortLivedToken: 'slt-secret',
      ...claims,
    },
    secret,
  );
}

const b64url = (text: string) => btoa(text).replace(/=+$/, '');

function post(body: unknown, authorization?: string): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== undefined) headers.authorization = authorization;
  return new Request(ENDPOINT, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  const text = `${String(error)} ${inspect(error)} ${JSON.stringify(error)}`;
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain('slt-secret');
  return (error as WebhookVerificationError).reason;
}

describe('verifyWebhookRequest', () => {
  const options = { signingSecret: SECRET, audience: ENDPOINT, now };

  it('returns the URL challenge to echo', async () => {
    expect(await verifyWebhookRequest(post({ challenge: 'abc123' }), options)).toEqual({
      type: 'challenge',
      challenge: 'abc123',
    });
  });

  it('returns the typed event of a signed delivery, unknown fields kept', async () => {
    const event = await verifyWebhookRequest(post({ event: EVENT }, await token()), options);
    expect(event.type).toBe('update_column_value');
    if (event.type !== 'update_column_value') throw new Error('unreachable');
    expect(event.columnId).toBe('status');
    expect(event.futureField).toEqual({ kept: true });
  });

  it('accepts a Bearer prefix and a token within the clock skew', async () => {
    const late = await token({ exp: Math.floor(NOW / 1000) - 10 });
    await expect(verifyWebhookRequest(post({ event: EVENT }, `Bearer ${late}`), options)).resolves.toMatchObject({
      triggerUuid: EVENT.triggerUuid,
    });
  });

  it.each([
    ['missing-header', async () => post({ event: EVENT })],
    ['bad-signature', async () => post({ event: EVENT }, await token({}, 'another-secret'))],
    ['wrong-audience', async () => post({ event: EVENT }, await token({ aud: 'https://evil.example.com/' }))],
    ['expired', async () => post({ event: EVENT }, await token({ exp: Math.floor(NOW / 1000) - 120 }))],
    ['not-yet-valid', async () => post({ event: EVENT }, await token({ iat: Math.floor(NOW / 1000) + 600 }))],
    ['malformed', async () => post({ event: EVENT }, 'not.a-jwt')],
    ['malformed', async () => post({ event: EVENT }, await token({ exp: undefined }))],
    ['malformed', async () => post({ event: { type: 'create_pulse' } }, await token())],
    [
      'wrong-algorithm',
      async () => post({ event: EVENT }, `${b64url('{"alg":"none"}')}.${b64url('{"exp":9999999999}')}.`),
    ],
  ] as const)('refuses with reason %s', async (reason, request) => {
    expect(await reasonOf(verifyWebhookRequest(await request(), options))).toBe(reason);
  });

  it('refuses a token whose signature is not base64url with a verification error, not a DOMException', async () => {
    const [header, payload] = (await token()).split('.');
    const request = post({ event: EVENT }, `${header}.${payload}.A`);
    expect(await reasonOf(verifyWebhookRequest(request, options))).toBe('malformed');
    const handle = createWebhookHandler({ ...options, onEvent: () => {} });
    const response = await handle(post({ event: EVENT }, `${header}.${payload}.A`));
    expect(response.status).toBe(400);
  });

  it('accepts only the canonical base64url of each part: other spellings of the same bytes are refused', async () => {
    const signed = await token();
    const [header = '', payload = '', signature = ''] = signed.split('.');
    // A 32-byte HMAC is 43 characters: the last carries 2 unused low bits, so four characters decode alike.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.slice(-1));
    const variants = [1, 2, 3].map(
      (bits) => `${header}.${payload}.${signature.slice(0, -1)}${alphabet[(last & ~3) | ((last + bits) & 3)]}`,
    );
    expect(new Set([signed, ...variants]).size).toBe(4);
    const handle = createWebhookHandler({ ...options, onEvent: () => {} });
    for (const variant of variants) {
      expect(await reasonOf(verifyWebhookRequest(post({ event: EVENT }, variant), options))).toBe('malformed');
      expect((await handle(post({ event: EVENT }, variant))).status).toBe(400);
    }
    // A padded part is not the canonical spelling either.
    expect(
      await reasonOf(verifyWebhookRequest(post({ event: EVENT }, `${header}.${payload}.${signature}=`), options)),
    ).toBe('malformed');
    await expect(verifyWebhookRequest(post({ event: EVENT }, signed), options)).resolves.toMatchObject({
      triggerUuid: EVENT.triggerUuid,
    });
  });

  it('rejects a clock tolerance that is not a finite non-negative number instead of accepting expired tokens', async () => {
    const expired = await token({ exp: Math.floor(NOW / 1000) - 3600 });
    for (const clockToleranceSeconds of [Number.NaN, Number.POSITIVE_INFINITY, -1]) {
      const request = post({ event: EVENT }, expired);
      await expect(verifyWebhookRequest(request, { ...options, clockToleranceSeconds })).rejects.toBeInstanceOf(
        RangeError,
      );
    }
  });

  it('rejects a body limit that is not a positive number instead of reading any size', async () => {
    for (const maxBodyBytes of [Number.NaN, 0, -1]) {
      const request = post({ event: EVENT }, await token());
      await expect(verifyWebhookRequest(request, { ...options, maxBodyBytes })).rejects.toBeInstanceOf(RangeError);
    }
  });

  it('rejects a clock that does not return a finite time instead of accepting expired tokens', async () => {
    const expired = await token({ exp: Math.floor(NOW / 1000) - 3600 });
    for (const broken of [() => Number.NaN, () => undefined as unknown as number]) {
      const request = post({ event: EVENT }, expired);
      await expect(verifyWebhookRequest(request, { ...options, now: broken })).rejects.toBeInstanceOf(RangeError);
    }
  });

  it('fails closed on an empty or missing secret, even for a correctly signed request', async () => {
    const signed = post({ event: EVENT }, await token());
    expect(await reasonOf(verifyWebhookRequest(signed, { signingSecret: '', now }))).toBe('empty-secret');
    const options = {} as { signingSecret: string };
    expect(await reasonOf(verifyWebhookRequest(post({ challenge: 'x' }), options))).toBe('empty-secret');
  });

  it('hands onEvent the request without its Authorization header, so printing the context shows no credential', async () => {
    const seen: { request: Request; printed: string }[] = [];
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      now,
      onEvent: (_event, context) => {
        const printed = inspect(context, { depth: Number.POSITIVE_INFINITY, showHidden: true, getters: true });
        seen.push({ request: context.request, printed });
      },
    });
    const signed = await token();
    const request = post({ event: EVENT }, signed);
    request.headers.set('x-delivery', 'kept');
    expect((await handle(request)).status).toBe(200);
    const [{ request: given, printed } = { request: undefined, printed: '' }] = seen;
    expect(given?.headers.get('authorization')).toBeNull();
    expect(given?.headers.get('x-delivery')).toBe('kept');
    expect(given?.method).toBe('POST');
    expect(given?.url).toBe(request.url);
    expect(printed).not.toContain(signed);
    expect(printed).not.toContain(signed.split('.')[1]);
    expect(printed).not.toContain('slt-secret');
  });

  it('keeps the short-lived token out of inspect and JSON output of the claims', async () => {
    const seen: unknown[] = [];
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      now,
      onEvent: (_event, { claims }) => void seen.push(claims),
    });
    await handle(post({ event: EVENT }, await token()));
    expect(seen).toHaveLength(1);
    const claims = seen[0] as Record<string, unknown>;
    expect(claims.shortLivedToken).toBe('slt-secret');
    const everything = { depth: Number.POSITIVE_INFINITY, showHidden: true, getters: true };
    expect(`${inspect(claims, everything)} ${JSON.stringify(claims)}`).not.toContain('slt-secret');
    expect(inspect(claims)).toContain('shortLivedToken');
  });
});

describe('createWebhookHandler', () => {
  it('answers the challenge, handles an event once, and refuses with the reason', async () => {
    const events: WebhookEvent[] = [];
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      audience: ENDPOINT,
      now,
      onEvent: (event) => void events.push(event),
    });
    const challenge = await handle(post({ challenge: 'xyz' }));
    expect(challenge.status).toBe(200);
    expect(await challenge.json()).toEqual({ challenge: 'xyz' });

    const signed = await token();
    expect((await handle(post({ event: EVENT }, signed))).status).toBe(200);
    expect((await handle(post({ event: EVENT }, signed))).status).toBe(200);
    expect(events.map((event) => event.triggerUuid)).toEqual([EVENT.triggerUuid]);

    const refused = await handle(post({ event: EVENT }, await token({}, 'wrong')));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'bad-signature' });
    expect((await handle(new Request(ENDPOINT))).status).toBe(405);
  });

  it('refuses an empty or missing secret at construction, with a TypeError that says what to set', async () => {
    for (const signingSecret of ['', undefined, 42]) {
      expect(() => createWebhookHandler({ signingSecret, onEvent: () => {} } as never)).toThrow(
        /createWebhookHandler needs signingSecret, your app's Signing Secret/,
      );
      expect(() => createNodeWebhookHandler({ signingSecret, onEvent: () => {} } as never)).toThrow(TypeError);
    }
  });

  it('answers 500 when a secret read per request (a getter) turns empty later', async () => {
    let secret = SECRET;
    const handle = createWebhookHandler({
      get signingSecret() {
        return secret;
      },
      now,
      onEvent: () => {},
    });
    secret = '';
    const response = await handle(post({ event: EVENT }, await token()));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'empty-secret' });
  });

  it('releases a delivery whose handling failed, so the retry is handled', async () => {
    let calls = 0;
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      now,
      onEvent: () => {
        calls++;
        if (calls === 1) throw new Error('database down');
      },
    });
    const signed = await token();
    expect((await handle(post({ event: EVENT }, signed))).status).toBe(500);
    expect((await handle(post({ event: EVENT }, signed))).status).toBe(200);
    expect(calls).toBe(2);
  });
});

describe('createWebhookHandler options', () => {
  const onEvent = () => undefined;

  it.each<[string, Record<string, unknown>, typeof TypeError | typeof RangeError, RegExp]>([
    ['no onEvent', {}, TypeError, /needs an onEvent function/],
    ['an onRefused that is not a function', { onEvent, onRefused: 'log' }, TypeError, /onRefused must be a function/],
    ['a clock that is not a function', { onEvent, now: 5 }, TypeError, /now must be a function/],
    ['a delivery store without release', { onEvent, deliveries: { claim: () => true } }, TypeError, /release\(id\)/],
    ['a lease of 0', { onEvent, claimLeaseMs: 0 }, RangeError, /claimLeaseMs/],
    ['a duplicate window of NaN', { onEvent, duplicateWindowMs: Number.NaN }, RangeError, /duplicateWindowMs/],
    ['a negative duplicate window', { onEvent, duplicateWindowMs: -1 }, RangeError, /duplicateWindowMs/],
    ['a body limit of 0', { onEvent, maxBodyBytes: 0 }, RangeError, /maxBodyBytes/],
    ['a negative clock tolerance', { onEvent, clockToleranceSeconds: -1 }, RangeError, /clockToleranceSeconds/],
  ])('refuses %s when created, not on each request', (_case, extra, kind, message) => {
    const create = () => createWebhookHandler({ signingSecret: SECRET, ...extra } as never);
    expect(create).toThrow(kind);
    expect(create).toThrow(message);
  });

  it('answers a refused request even when onRefused throws', async () => {
    const handle = createWebhookHandler({
      signingSecret: SECRET,
      now,
      onEvent,
      onRefused: () => {
        throw new Error('logger down');
      },
    });
    const response = await handle(post({ event: EVENT }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'missing-header' });
  });

  it('the signer refuses an empty secret and claims that are not an object with a TypeError', async () => {
    await expect(signWebhookToken({ exp: 1 }, '')).rejects.toBeInstanceOf(TypeError);
    await expect(signWebhookToken(null as never, SECRET)).rejects.toBeInstanceOf(TypeError);
  });
});

describe('createMemoryDeliveryStore', () => {
  it('treats an id as new again after its window and stays within maxEntries', () => {
    let clock = 0;
    const store = createMemoryDeliveryStore({ maxEntries: 2, now: () => clock });
    expect(store.claim('a', 100)).toBe('claimed');
    expect(store.claim('a', 100)).toBe('in-progress');
    store.complete('a', 100);
    expect(store.claim('a', 100)).toBe('done');
    clock = 101;
    expect(store.claim('a', 100)).toBe('claimed');
    expect(store.claim('b', 100)).toBe('claimed');
    expect(store.claim('c', 100)).toBe('claimed'); // evicts 'a', the oldest
    expect(store.claim('a', 100)).toBe('claimed');
    store.release('a');
    expect(store.claim('a', 100)).toBe('claimed');
    expect(() => createMemoryDeliveryStore({ maxEntries: 0 })).toThrow(RangeError);
  });
});

describe('key cache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is per handler: a second handler imports its own key, and each imports once for many requests', async () => {
    const imports = vi.spyOn(crypto.subtle, 'importKey');
    const signed = await Promise.all([0, 1, 2, 3].map((index) => token({ iat: Math.floor(NOW / 1000) - index })));
    imports.mockClear();
    const first = createWebhookHandler({ signingSecret: SECRET, now, onEvent: () => undefined });
    const second = createWebhookHandler({ signingSecret: SECRET, now, onEvent: () => undefined });
    for (let index = 0; index < 3; index++) {
      const event = { ...EVENT, triggerUuid: `first-${index}` };
      expect((await first(post({ event }, signed[index]))).status).toBe(200);
    }
    expect(imports).toHaveBeenCalledTimes(1);
    expect((await second(post({ event: { ...EVENT, triggerUuid: 'second' } }, signed[3]))).status).toBe(200);
    expect(imports).toHaveBeenCalledTimes(2);
  });

  it('keeps at most a few keys for a handler whose secret changes, and nothing for verifyWebhookRequest', async () => {
    let secret = 'secret-0';
    const handle = createWebhookHandler({
      get signingSecret() {
        return secret;
      },
      now,
      onEvent: () => undefined,
    });
    const imports = vi.spyOn(crypto.subtle, 'importKey');
    for (let round = 0; round < 2; round++) {
      for (let index = 0; index < 10; index++) {
        secret = `secret-${index}`;
        const signed = await token({ iat: Math.floor(NOW / 1000) - round }, secret);
        const event = { ...EVENT, triggerUuid: `rotated-${round}-${index}` };
        expect((await handle(post({ event }, signed))).status).toBe(200);
      }
    }
    // Signing imports one key per token; verifying imports again whenever the key was evicted: the whole second
    // round, since only a few of the ten secrets are kept.
    expect(imports).toHaveBeenCalledTimes(40);

    imports.mockClear();
    const signed = await token();
    for (let index = 0; index < 2; index++) {
      // verifyWebhookRequest alone remembers nothing, so the same token verifies with each event.
      const event = { ...EVENT, triggerUuid: `free-${index}` };
      await expect(
        verifyWebhookRequest(post({ event }, signed), { signingSecret: SECRET, now }),
      ).resolves.toBeDefined();
    }
    expect(imports).toHaveBeenCalledTimes(3);
  });
});
