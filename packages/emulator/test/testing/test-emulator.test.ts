/**
 * The testing kit over a real socket: reset back to the seed (data, ids, log, windows, caches), snapshot and
 * restore, seed builders, OAuth decided in code, and one clock moving every timed rule of the emulator.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OAuthClient, OAuthConfigError, OAuthError, PlatformClient } from 'workspace-platform-sdk';
import { startEmulator } from '../../src/index.js';
import {
  createSeed,
  createTestEmulator,
  durationMs,
  EmulatorSettingsError,
  type TestEmulator,
} from '../../src/testing/index.js';

const VERSION = '2025-04';
const START = Date.UTC(2026, 10, 25, 9, 0, 0);

async function post(emulator: TestEmulator, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${emulator.baseUrl}/v2`, {
    method: 'POST',
    headers: { authorization: emulator.token, 'content-type': 'application/json', 'api-version': VERSION, ...headers },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
}

const createItem = (name: string) => `mutation { create_item(board_id: 3001, item_name: "${name}") { id name } }`;

describe('createTestEmulator', () => {
  let emulator: TestEmulator;
  let client: PlatformClient;

  beforeAll(async () => {
    emulator = await createTestEmulator({ startTime: START });
    client = new PlatformClient({ token: emulator.token, baseUrl: emulator.baseUrl, apiVersion: VERSION });
  });
  afterAll(() => emulator.close());

  it('resets to the seed it started from: data, ids, request log', async () => {
    const seeded = emulator.store.items.all().length;
    const first = await client.request<{ create_item: { id: string } }>(createItem('Temporary'));
    expect(emulator.store.items.all()).toHaveLength(seeded + 1);
    expect(emulator.requests.length).toBeGreaterThan(0);

    const started = performance.now();
    emulator.reset();
    const resetMs = performance.now() - started;

    expect(emulator.store.items.all()).toHaveLength(seeded);
    expect(emulator.requests).toHaveLength(0);
    const again = await client.request<{ create_item: { id: string } }>(createItem('Temporary'));
    expect(again.data.create_item.id).toBe(first.data.create_item.id);
    // A hang bound, not a speed claim: the figure is measured by the README's numbers, not asserted.
    expect(resetMs).toBeLessThan(2_000);
  });

  it('restores a snapshot: what came before it stays, what came after is gone, ids go on alike', async () => {
    emulator.reset();
    const kept = await client.request<{ create_item: { id: string } }>(createItem('Kept'));
    const snapshot = emulator.snapshot();
    const dropped = await client.request<{ create_item: { id: string } }>(createItem('Dropped'));
    await emulator.restore(snapshot);
    const names = emulator.store.items.all().map((item) => item.name);
    expect(names).toContain('Kept');
    expect(names).not.toContain('Dropped');
    expect(emulator.store.items.find(kept.data.create_item.id)?.createdAt).toBe(new Date(START).toISOString());
    const next = await client.request<{ create_item: { id: string } }>(createItem('After'));
    expect(next.data.create_item.id).toBe(dropped.data.create_item.id);
    await expect(emulator.restore({ mutations: 0, takenAt: 0 })).rejects.toThrow(TypeError);
  });

  it('runs two emulators side by side on their own ports and data', async () => {
    const other = await createTestEmulator();
    try {
      expect(other.port).not.toBe(emulator.port);
      await post(other, createItem('Only there'));
      expect(emulator.store.items.all().some((item) => item.name === 'Only there')).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('the clock', () => {
  it('moves the rate-limit window, the daily quota and the idempotency cache', async () => {
    const emulator = await createTestEmulator({
      startTime: START,
      limits: { minuteRate: { quota: 2, windowSeconds: 60 }, daily: { quota: 6, windowSeconds: 86_400 } },
    });
    try {
      const me = 'query { me { id } }';
      expect((await post(emulator, me)).status).toBe(200);
      expect((await post(emulator, me)).status).toBe(200);
      expect((await post(emulator, me)).status).toBe(429);
      await emulator.clock.advance('61s');
      expect((await post(emulator, me)).status).toBe(200);
      expect((await post(emulator, me)).status).toBe(200);
      await emulator.clock.advance('61m');
      expect((await post(emulator, me)).status).toBe(200); // the sixth arrival of the day (the refused one counts)
      expect((await post(emulator, me)).status).toBe(429); // daily quota spent, minute window fresh
      await emulator.clock.advance('1d');
      expect((await post(emulator, me)).status).toBe(200);

      emulator.reset();
      const key = { 'idempotency-key': 'b8a0c6c4-5f55-4a7e-9a43-3f3d4e7f2b11' };
      const made = await post(emulator, createItem('Once'), key);
      const replayed = await post(emulator, createItem('Once'), key);
      expect(replayed.body).toEqual(made.body);
      await emulator.clock.advance('31m');
      const rerun = await post(emulator, createItem('Once'), key);
      expect(rerun.body).not.toEqual(made.body);
      expect(emulator.store.items.all().filter((item) => item.name === 'Once')).toHaveLength(2);
    } finally {
      await emulator.close();
    }
  });

  it('moves cursor expiry: a cursor still serves after 59 minutes and has expired after 61', async () => {
    const emulator = await createTestEmulator({ startTime: START });
    type Page = { cursor: string | null; items: { id: string }[] };
    const next = async (cursor: string) => {
      const { body } = await post(
        emulator,
        `query { next_items_page(limit: 1, cursor: ${JSON.stringify(cursor)}) { cursor items { id } } }`,
      );
      return body as { data?: { next_items_page: Page | null }; errors?: { extensions?: { code?: string } }[] };
    };
    try {
      const first = await post(
        emulator,
        'query { boards(ids: [3001]) { items_page(limit: 1) { cursor items { id } } } }',
      );
      const boards = first.body.data?.boards as { items_page: Page }[] | undefined;
      const cursor = boards?.[0]?.items_page.cursor;
      if (!cursor) throw new Error('the seed board has a single item');
      await emulator.clock.advance('59m');
      const served = await next(cursor);
      expect(served.errors).toBeUndefined();
      expect(served.data?.next_items_page?.items).toHaveLength(1);
      await emulator.clock.advance('2m'); // 61 minutes after the cursor was issued
      const expired = await next(cursor);
      expect(expired.errors?.map((error) => error.extensions?.code)).toEqual(['CURSOR_EXPIRED']);
    } finally {
      await emulator.close();
    }
  });

  it('reads durations as milliseconds, seconds, minutes, hours and days', () => {
    expect(durationMs('61m')).toBe(3_660_000);
    expect(durationMs('30s')).toBe(30_000);
    expect(durationMs('1h30m')).toBe(5_400_000);
    expect(durationMs(250)).toBe(250);
    expect(() => durationMs('soon' as never)).toThrow(RangeError);
    expect(() => durationMs(-1)).toThrow(RangeError);
  });
});

describe('OAuth in code', () => {
  const app = {
    clientId: 'kit-app',
    clientSecret: 'kit-secret',
    redirectUris: ['http://app.test/cb'],
    scopes: ['boards:read' as const],
  };

  it('approves (the code works, then expires with the clock) and denies', async () => {
    const emulator = await createTestEmulator({ apps: [app], startTime: START });
    try {
      const oauth = new OAuthClient({ ...app, authUrl: emulator.authUrl, redirectUri: app.redirectUris[0] });
      const first = oauth.authorizeUrl({ scopes: ['boards:read'] });
      const { code } = oauth.parseCallback(await emulator.oauth.approve(first.url), first.state);
      const { accessToken } = await oauth.exchangeCode({ code });
      const api = new PlatformClient({ token: accessToken, baseUrl: emulator.baseUrl, apiVersion: VERSION });
      expect((await api.boards({ limit: 1 })).data.boards).toHaveLength(1);

      const second = oauth.authorizeUrl({ scopes: ['boards:read'] });
      const late = oauth.parseCallback(await emulator.oauth.approve(second.url), second.state);
      await emulator.clock.advance('11m');
      await expect(oauth.exchangeCode({ code: late.code })).rejects.toMatchObject({ code: 'invalid_grant' });

      const third = oauth.authorizeUrl({ scopes: ['boards:read'] });
      const denied = await emulator.oauth.deny(third.url);
      expect(() => oauth.parseCallback(denied, third.state)).toThrow(OAuthError);
      expect(denied.searchParams.get('error')).toBe('access_denied');
    } finally {
      await emulator.close();
    }
  });

  it('rejects a refused decision with an OAuthError naming what was wrong, never the code or the client secret', async () => {
    const emulator = await createTestEmulator({ apps: [app], startTime: START });
    try {
      const oauth = new OAuthClient({ ...app, authUrl: emulator.authUrl, redirectUri: app.redirectUris[0] });
      const unknownApp = new OAuthClient({ ...app, clientId: 'no-such-app', authUrl: emulator.authUrl });
      const refused = await emulator.oauth.approve(unknownApp.authorizeUrl({}).url).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OAuthError);
      expect(refused).toMatchObject({ code: 'unauthorized_client', status: 403 });
      expect((refused as OAuthError).message).toContain('No app is registered with this client_id');
      const strayRedirect = new OAuthClient({
        ...app,
        authUrl: emulator.authUrl,
        redirectUri: 'http://elsewhere.test/cb',
      });
      await expect(emulator.oauth.deny(strayRedirect.authorizeUrl({}).url)).rejects.toMatchObject({
        name: 'OAuthError',
        code: 'invalid_request',
        description: 'redirect_uri is not registered for the app',
      });

      const asked = unknownApp.authorizeUrl({});
      const again = await emulator.oauth.approve(asked.url).catch((error: unknown) => error);
      // The authorize URL's query (its state) stays out of the refusal; the client secret never leaves the app here.
      expect(`${String(again)} ${JSON.stringify(again)} ${inspect(again)}`).not.toContain(asked.state);
      const approved = await emulator.oauth.approve(oauth.authorizeUrl({}).url);
      expect(approved.searchParams.get('code')).toMatch(/\S/);
    } finally {
      await emulator.close();
    }
  });

  it('rejects with a network_error OAuthError when the emulator no longer answers', async () => {
    const emulator = await createTestEmulator({ apps: [app], startTime: START });
    const oauth = new OAuthClient({ ...app, authUrl: emulator.authUrl, redirectUri: app.redirectUris[0] });
    await emulator.close();
    await expect(emulator.oauth.approve(oauth.authorizeUrl({}).url)).rejects.toMatchObject({
      name: 'OAuthError',
      code: 'network_error',
    });
  });

  it('rejects an authorize URL that is not this emulator’s with an OAuthConfigError, asking nothing of anyone', async () => {
    const emulator = await createTestEmulator({ apps: [app], startTime: START });
    try {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const platform = new OAuthClient({
        ...app,
        authUrl: 'https://auth.platform.test',
        redirectUri: app.redirectUris[0],
      });
      const asked = platform.authorizeUrl({});
      const elsewhere = await emulator.oauth.approve(asked.url).catch((error: unknown) => error);
      expect(elsewhere).toBeInstanceOf(OAuthConfigError);
      expect((elsewhere as OAuthConfigError).message).toContain('authUrl: emulator.authUrl');
      expect((elsewhere as OAuthConfigError).message).not.toContain(asked.state);
      await expect(emulator.oauth.deny('not a url')).rejects.toBeInstanceOf(OAuthConfigError);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      await emulator.close();
    }
  });

  it('rejects an authorize URL on another port, or carrying credentials, with an OAuthConfigError that shows neither the credentials nor the query', async () => {
    const emulator = await createTestEmulator({ apps: [app], startTime: START });
    try {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const asked = new OAuthClient({
        ...app,
        authUrl: emulator.authUrl,
        redirectUri: app.redirectUris[0],
      }).authorizeUrl({});
      const otherPort = new URL(asked.url);
      otherPort.port = String(Number(otherPort.port) + 1);
      const withCredentials = new URL(asked.url);
      withCredentials.username = 'someone';
      withCredentials.password = 'pass-w0rd';
      for (const url of [otherPort, withCredentials]) {
        const refused = await emulator.oauth.approve(url).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(OAuthConfigError);
        expect(inspect(refused, { depth: 10, showHidden: true })).not.toMatch(new RegExp(`pass-w0rd|${asked.state}`));
      }
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      await emulator.close();
    }
  });
});

describe('options', () => {
  const seedData = createSeed().data();
  it.each<[string, unknown, string, RegExp]>([
    [
      'a null seed',
      { seed: null },
      'seed',
      /seed must be a seed from createSeed\(\) or seed data \(an object\); got null/,
    ],
    ['a seed that is a number', { seed: 5 }, 'seed', /got 5/],
    ['a seed that is a list', { seed: [] }, 'seed', /got an array/],
    ['a misspelled seed family', { seed: { ...seedData, bords: [] } }, 'seed.bords', /did you mean `boards`\?/],
    ['a seed family that is no list', { seed: { ...seedData, items: 5 } }, 'seed.items', /must be an array/],
    ['a seed without users', { seed: { ...seedData, users: undefined } }, 'seed.users', /is required/],
    [
      'a seed that cannot be copied',
      { seed: { ...seedData, items: [{ id: '1', name: () => 'x' }] } },
      'seed',
      /must be plain data/,
    ],
    ['a start time that is text', { startTime: '2026-01-01' }, 'startTime', /must be a valid Date or a finite number/],
    ['an invalid Date', { startTime: new Date('soon') }, 'startTime', /got an invalid Date/],
    ['a start time of NaN', { startTime: Number.NaN }, 'startTime', /got NaN/],
    ['a port', { port: 4010 }, 'port', /ephemeral port; read it from `port`/],
    ['a clock of its own', { now: () => 0 }, 'now', /set `startTime` and move `clock`/],
    ['no tokens', { tokens: [] }, 'tokens', /must not be empty/],
    ['a misspelled option', { sead: {} }, 'sead', /did you mean `seed`\?/],
    ['a misspelled start time', { startTme: 0 }, 'startTme', /did you mean `startTime`\?/],
    [
      'an option nothing is near: the keys the kit takes, startTime among them, not port or now',
      { zzzzzz: 1 },
      'zzzzzz',
      /valid keys: (?=.*\bstartTime\b)(?!.*\bport\b)(?!.*\bnow\b)/,
    ],
    ['an impossible emulator option', { cursorTtlMs: -1 }, 'cursorTtlMs', /must be above 0/],
    ['options that are not an object', null, '', /takes an object of options or nothing; got null/],
  ])('refuses %s with the typed settings error naming the key', async (_case, options, key, message) => {
    const error = await createTestEmulator(options as never).then(
      async (started) => {
        await started.close();
        return undefined;
      },
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(EmulatorSettingsError);
    expect(error).toMatchObject({ key, message: expect.stringMatching(message) });
  });
});

describe('secrets', () => {
  const TOKEN = 'kit-token-0123456789';
  const CLIENT_SECRET = 'kit-client-secret-0123456789';
  const SIGNING_SECRET = 'kit-signing-secret-0123456789';
  const options = {
    tokens: [{ token: TOKEN, accountId: 1, userId: 1 }],
    apps: [{ clientId: 'kit-app', clientSecret: CLIENT_SECRET, redirectUris: ['http://app.test/cb'] }],
    webhooks: { signingSecret: SIGNING_SECRET },
  };

  /** Every way a value gets printed: inspection with everything shown, JSON. */
  function printed(value: unknown): string {
    const everything = { depth: Number.POSITIVE_INFINITY, showHidden: true, getters: true };
    return `${inspect(value, everything)} ${inspect(value)} ${JSON.stringify(value)}`;
  }

  it('never shows a token or secret when the kit, the emulator, the OAuth flow or the log is printed', async () => {
    const lines: string[] = [];
    const emulator = await createTestEmulator({ ...options, log: (line) => lines.push(line) });
    const plain = await startEmulator({ ...options, log: (line) => lines.push(line) });
    try {
      expect(emulator.token).toBe(TOKEN);
      const oauth = new OAuthClient({
        clientId: 'kit-app',
        clientSecret: CLIENT_SECRET,
        authUrl: emulator.authUrl,
        redirectUri: 'http://app.test/cb',
      });
      const asked = oauth.authorizeUrl({ scopes: ['me:read'] });
      const callback = oauth.parseCallback(await emulator.oauth.approve(asked.url), asked.state);
      const granted = await oauth.exchangeCode({ code: callback.code });
      const reused = await oauth.exchangeCode({ code: callback.code }).catch((error: unknown) => error);
      expect(reused).toBeInstanceOf(OAuthError);
      await post(emulator, 'query { me { id } }', { authorization: granted.accessToken });
      await post(emulator, 'query { me { id } }', { authorization: `${TOKEN}-wrong` });
      await fetch(`${plain.baseUrl}/v2`, {
        method: 'POST',
        headers: { authorization: TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { id } }' }),
      });

      const secrets = [TOKEN, CLIENT_SECRET, SIGNING_SECRET, granted.accessToken, callback.code];
      for (const [label, value] of Object.entries({
        emulator,
        plain,
        webhooks: emulator.webhooks,
        requests: emulator.requests,
        lines,
        callback,
        granted,
        reused,
      })) {
        const text = printed(value);
        for (const secret of secrets) expect(text.includes(secret), `${label} shows a secret`).toBe(false);
      }
    } finally {
      await emulator.close();
      await plain.close();
    }
  });
});

describe('OAuth after reset', () => {
  const app = {
    clientId: 'reset-app',
    clientSecret: 'reset-secret',
    redirectUris: ['http://app.test/cb'],
    scopes: ['boards:read' as const],
  };

  it.each(['reset', 'restore'] as const)(
    'after %s, no consent page or authorization code of before can be used; an issued token still works',
    async (how) => {
      const emulator = await createTestEmulator({ apps: [app], startTime: START });
      try {
        const oauth = new OAuthClient({ ...app, authUrl: emulator.authUrl, redirectUri: app.redirectUris[0] });
        const snapshot = emulator.snapshot();
        const issued = oauth.authorizeUrl({ scopes: ['boards:read'] });
        const kept = await oauth.exchangeCode({
          code: oauth.parseCallback(await emulator.oauth.approve(issued.url), issued.state).code,
        });
        const approved = oauth.authorizeUrl({ scopes: ['boards:read'] });
        const pendingCode = oauth.parseCallback(await emulator.oauth.approve(approved.url), approved.state).code;
        const opened = oauth.authorizeUrl({ scopes: ['boards:read'] });
        const page = await fetch(opened.url, { headers: { accept: 'application/json' } });
        const { ticket } = (await page.json()) as { ticket: string };

        if (how === 'reset') emulator.reset();
        else await emulator.restore(snapshot);

        await expect(oauth.exchangeCode({ code: pendingCode })).rejects.toMatchObject({ code: 'invalid_grant' });
        const decided = await fetch(new URL('/oauth2/consent', emulator.authUrl), {
          method: 'POST',
          body: new URLSearchParams({ ticket, decision: 'approve' }),
          redirect: 'manual',
        });
        expect(decided.status).toBe(400);
        expect(decided.headers.get('location')).toBeNull();
        expect(await decided.text()).toContain('expired or was already answered');
        const api = new PlatformClient({ token: kept.accessToken, baseUrl: emulator.baseUrl, apiVersion: VERSION });
        expect((await api.boards({ limit: 1 })).data.boards).toHaveLength(1);
      } finally {
        await emulator.close();
      }
    },
  );
});

describe('createSeed', () => {
  it('builds a board with columns, groups and items in a few lines, ids assigned', async () => {
    const seed = createSeed({ base: 'accounts' });
    const tasks = seed.board({
      name: 'Tasks',
      columns: [
        { title: 'Status', type: 'status' },
        { title: 'Due date', type: 'date' },
      ],
      groups: ['To do', 'Done'],
      items: ['Write tests', { name: 'Ship', group: 'Done', values: { status: 'Done', due_date: '2026-12-01' } }],
    });
    expect(tasks.columns.map((column) => column.id)).toEqual(['status', 'due_date']);
    expect(() => seed.board({ name: 'Bad', items: [{ name: 'x', group: 'nope' }] })).toThrow(RangeError);
    expect(() => createSeed({ base: 'none' as never })).toThrow(/base must be 'default' or 'accounts'/);
    expect(() => createSeed({ createdAt: 'yesterday' })).toThrow(/createdAt must be an ISO 8601 time/);

    const emulator = await createTestEmulator({ seed });
    try {
      const { body } = await post(
        emulator,
        `query { boards(ids: [${tasks.id}]) { name items_page { items { id name group { id } column_values(ids: ["status"]) { text } } } } }`,
      );
      const board = (body.data?.boards as { name: string; items_page: { items: unknown[] } }[] | undefined)?.[0];
      expect(board?.name).toBe('Tasks');
      expect(board?.items_page.items).toEqual([
        {
          id: tasks.items[0]?.id,
          name: 'Write tests',
          group: { id: tasks.groups[0]?.id },
          column_values: [{ text: '' }],
        },
        { id: tasks.items[1]?.id, name: 'Ship', group: { id: tasks.groups[1]?.id }, column_values: [{ text: 'Done' }] },
      ]);
      expect(emulator.store.boards.all()).toHaveLength(1);
    } finally {
      await emulator.close();
    }
  });
});
