/**
 * The emulator's OAuth endpoints against hostile clients, over a real socket: consent tickets are bounded in size,
 * number and age, `/oauth2/*` is rate-limited per client address, the OAuth pages carry no CORS headers, and a
 * consent decision posted from another origin is refused without spending the user's consent page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator, EmulatorOptions } from '../src/index.js';
import { BOARDS_QUERY, closeTestEmulators, DEMO_TOKEN, postGraphQL, startTestEmulator } from './server-helpers.js';

const CALLBACK = 'http://app.test/callback';
const APP = { clientId: 'hostile-app', clientSecret: 'hostile-secret', redirectUris: [CALLBACK] };

afterEach(closeTestEmulators);

function start(options: EmulatorOptions = {}): Promise<Emulator> {
  return startTestEmulator({ apps: [APP], ...options });
}

function authorize(emulator: Emulator, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const url = new URL('/oauth2/authorize', emulator.authUrl);
  url.search = new URLSearchParams({ client_id: APP.clientId, state: 'st', ...query }).toString();
  return fetch(url, { redirect: 'manual', headers });
}

async function openTicket(emulator: Emulator): Promise<string> {
  const page = await authorize(emulator);
  expect(page.status).toBe(200);
  const ticket = /name="ticket" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!ticket) throw new Error('no consent ticket in the page');
  return ticket;
}

function decide(emulator: Emulator, ticket: string, headers: Record<string, string> = {}) {
  return fetch(new URL('/oauth2/consent', emulator.authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ ticket, decision: 'approve' }),
    redirect: 'manual',
  });
}

/** The emulator's own origin as a browser names it in `Origin`. */
function ownOrigin(emulator: Emulator): string {
  return new URL(emulator.authUrl).origin;
}

describe('consent tickets', () => {
  it('refuses a state longer than 1,024 characters on a page, without redirecting or keeping it', async () => {
    const emulator = await start();
    const res = await authorize(emulator, { state: 'x'.repeat(12_000) });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const html = await res.text();
    expect(html).toContain('state is longer than 1024 characters');
    expect(html).not.toContain('name="ticket"');
    expect((await authorize(emulator, { state: 'x'.repeat(1_024) })).status).toBe(200);
  });

  it('keeps at most 1,000 consent pages open, forgetting the oldest first', async () => {
    const emulator = await start({ oauthRateLimit: { quota: 10_000 } });
    const oldest = await openTicket(emulator);
    let newest = '';
    for (let batch = 0; batch < 20; batch += 1) {
      const tickets = await Promise.all(Array.from({ length: 50 }, () => openTicket(emulator)));
      newest = tickets.at(-1) ?? newest;
    }
    const forgotten = await decide(emulator, oldest);
    expect(forgotten.status).toBe(400);
    expect(await forgotten.text()).toContain('expired or was already answered');
    expect((await decide(emulator, newest)).status).toBe(302);
  });

  it('forgets a consent page after 10 minutes', async () => {
    let clock = Date.UTC(2025, 0, 1);
    const emulator = await start({ now: () => clock });
    const fresh = await openTicket(emulator);
    const stale = await openTicket(emulator);
    clock += 9 * 60_000;
    expect((await decide(emulator, fresh)).status).toBe(302);
    clock += 60_000 + 1;
    const late = await decide(emulator, stale);
    expect(late.status).toBe(400);
    expect(late.headers.get('location')).toBeNull();
  });
});

describe('rate limit of /oauth2/*', () => {
  it('answers 429 with Retry-After past the per-address quota, on every OAuth path, and leaves the API alone', async () => {
    const emulator = await start({ oauthRateLimit: { quota: 3, windowSeconds: 60 } });
    for (let i = 0; i < 3; i += 1) expect((await authorize(emulator)).status).toBe(200);
    const refused = await authorize(emulator);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
    const token = await fetch(new URL('/oauth2/token', emulator.authUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code',
    });
    expect(token.status).toBe(429);
    expect((await postGraphQL(emulator, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN })).status).toBe(200);
  });

  it('allows 300 requests a minute by default, then refuses until the window ends', async () => {
    let clock = Date.UTC(2025, 0, 1);
    const emulator = await start({ now: () => clock });
    for (let batch = 0; batch < 6; batch += 1) {
      const statuses = await Promise.all(Array.from({ length: 50 }, async () => (await authorize(emulator)).status));
      expect(new Set(statuses)).toEqual(new Set([200]));
    }
    expect((await authorize(emulator)).status).toBe(429);
    clock += 60_000;
    expect((await authorize(emulator)).status).toBe(200);
  });
});

describe('cross-origin protection', () => {
  it('serves the OAuth pages without CORS headers, and answers no preflight for them', async () => {
    const emulator = await start();
    const page = await authorize(emulator, {}, { origin: 'http://evil.example' });
    expect(page.status).toBe(200);
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(new URL('/oauth2/consent', emulator.authUrl), {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    // The API itself stays open to browser apps.
    const api = await fetch(`${emulator.baseUrl}/v2`, { method: 'OPTIONS' });
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each([
    ['an Origin of another site', { origin: 'http://evil.example' }],
    ['an opaque null Origin', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a decision posted with %s, without spending the ticket', async (_name, headers) => {
    const emulator = await start();
    const ticket = await openTicket(emulator);
    const forged = await decide(emulator, ticket, headers);
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
    expect(await forged.text()).toContain('not posted from the consent page');
    const genuine = await decide(emulator, ticket, { origin: ownOrigin(emulator), 'sec-fetch-site': 'same-origin' });
    expect(genuine.status).toBe(302);
    expect(new URL(genuine.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
  });

  it('accepts a decision from a client that is no browser (no Origin, no Sec-Fetch-Site)', async () => {
    const emulator = await start();
    const res = await decide(emulator, await openTicket(emulator));
    expect(res.status).toBe(302);
  });
});
