/**
 * Strict settings: every emulator option, CLI flag, `--config` key and fault rule is checked, and a mistake is a
 * typed error naming the key (and, for a misspelling, the key meant), never silently ignored. One row per kind of
 * mistake per surface.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CliUsageError, parseCli } from '../src/cli-options.js';
import { type EmulatorOptions, EmulatorSettingsError, type FaultRule, startEmulator } from '../src/index.js';
import { BOARDS_QUERY, closeTestEmulators, DEMO_TOKEN, postGraphQL, startTestEmulator } from './server-helpers.js';

afterEach(closeTestEmulators);

describe('startEmulator(options)', () => {
  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ['an unknown key', { verbose: true }, 'verbose', /unknown key `verbose`; valid keys: port, host/],
    ['a misspelled key', { prot: 4010 }, 'prot', /unknown key `prot`; did you mean `port`\?/],
    [
      'a misspelled nested key',
      { limits: { minuteRate: { quota: 5, window: 10 } } },
      'limits.minuteRate.window',
      /unknown key `window` in limits\.minuteRate; did you mean `windowSeconds`\?/,
    ],
    ['a wrong type', { maxBodyBytes: '1mb' }, 'maxBodyBytes', /maxBodyBytes must be a number; got '1mb' \(a string\)/],
    ['an impossible port', { port: 70_000 }, 'port', /port must be at most 65535; got 70000/],
    ['an impossible quota', { limits: { concurrency: { quota: 0 } } }, 'limits.concurrency.quota', /must be above 0/],
    ['a version of the wrong shape', { versions: ['2024-1'] }, 'versions[0]', /versions\[0\] must be shaped YYYY-MM/],
    ['a version the engine does not serve', { versions: ['2019-01'] }, 'versions', /cannot serve 2019-01/],
    [
      'a version routing that does not exist',
      { versionRouting: 'refused' },
      'versionRouting',
      /versionRouting must be one of route, refuse; got 'refused'; did you mean 'refuse'\?/,
    ],
    [
      'a style that does not exist',
      { complexityErrorStyle: 'graphql-errors' },
      'complexityErrorStyle',
      /must be one of status-429, graphql-error, complexity-exception; got 'graphql-errors'; did you mean 'graphql-error'\?/,
    ],
    [
      'a misspelled fault key',
      { faults: [{ kind: 'latency', latencyMs: 100 }] },
      'faults[0].latencyMs',
      /unknown key `latencyMs` in faults\[0\]; did you mean `ms`\?/,
    ],
    ['a token without its account', { tokens: [{ token: 't', userId: 1 }] }, 'tokens[0].accountId', /is required/],
    [
      'a misspelled webhooks key',
      { webhooks: { retryInterval: 1_000 } },
      'webhooks.retryInterval',
      /unknown key `retryInterval` in webhooks; did you mean `retryIntervalMs`\?/,
    ],
    ['an impossible webhook retry wait', { webhooks: { retryForMs: 0 } }, 'webhooks.retryForMs', /must be above 0/],
    ['an empty signing secret', { webhooks: { signingSecret: '' } }, 'webhooks.signingSecret', /must not be empty/],
    [
      'a seed family that is not a list',
      { seed: { accounts: [], users: [], boards: 5, items: [] } },
      'seed.boards',
      /seed\.boards must be an array; got 5/,
    ],
    [
      'a misspelled seed family',
      { seed: { accounts: [], users: [], boards: [], itmes: [] } },
      'seed.itmes',
      /unknown key `itmes` in seed; did you mean `items`\?/,
    ],
  ])('refuses %s, naming the key', async (_kind, options, key, message) => {
    const error = await startEmulator(options as EmulatorOptions).then(
      (emulator) => emulator.close().then(() => undefined),
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EmulatorSettingsError);
    expect((error as EmulatorSettingsError).key).toBe(key);
    expect((error as Error).message).toMatch(message);
  });

  it('never shows a token or a client secret in the message', async () => {
    const tokens = [{ token: 'sekrit value', accountId: 1, userId: 1 }];
    const apps = [{ clientId: 'app', clientSecret: 12345678, redirectUris: ['https://app.example/cb'] }];
    const webhooks = { signingSecret: 87654321 };
    for (const options of [{ tokens }, { apps }, { webhooks }]) {
      const error = (await startEmulator(options as EmulatorOptions).catch((caught: unknown) => caught)) as Error;
      expect(error).toBeInstanceOf(EmulatorSettingsError);
      expect(error.message).not.toMatch(/sekrit|12345678|87654321/);
    }
  });

  it('still starts with every option spelled right', async () => {
    const emulator = await startTestEmulator({
      limits: { minuteRate: { quota: 5, windowSeconds: 10 }, concurrency: { quota: 2 } },
      idempotency: { ttlMs: 1_000, retryAfterSeconds: 1, maxCachedBytes: 1_000_000 },
      faults: [{ kind: 'latency', ms: 0, every: 2 }],
      maxRecords: 10,
      cursorTtlMs: 60_000,
      webhooks: { signingSecret: 'whsec', retryIntervalMs: 1_000, retryForMs: 60_000, timeoutMs: 2_000 },
    });
    expect(emulator.limits.minuteRate).toEqual({ quota: 5, windowSeconds: 10 });
  });
});

describe('registerToken(token, grant)', () => {
  const grant = { kind: 'personal' as const, accountId: 1001, userId: 501, scopes: ['boards:read' as const] };

  it.each<[string, unknown, unknown, string, RegExp]>([
    ['no grant', 'runtime-token', undefined, 'grant', /grant is required/],
    ['a grant without its user', 'runtime-token', { ...grant, userId: undefined }, 'grant.userId', /is required/],
    ['an unknown scope', 'runtime-token', { ...grant, scopes: ['boards:reed'] }, 'grant.scopes[0]', /known scope/],
    ['a kind that does not exist', 'runtime-token', { ...grant, kind: 'app' }, 'grant.kind', /personal, oauth/],
    ['a token with a space', 'sekrit value', grant, 'token', /must not contain spaces/],
    ['an empty token', '', grant, 'token', /must not be empty/],
    ['a token that is not text', 12345678, grant, 'token', /must be a string; got a number/],
  ])('refuses %s with a settings error, never showing the token', async (_kind, token, given, key, message) => {
    const emulator = await startTestEmulator();
    let error: unknown;
    try {
      emulator.registerToken(token as string, given as typeof grant);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EmulatorSettingsError);
    expect((error as EmulatorSettingsError).key).toBe(key);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toMatch(/sekrit|12345678/);
    const served = await postGraphQL(emulator, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN });
    expect(served.status).toBe(200);
  });
});

describe('setFaults(rules)', () => {
  it.each<[string, unknown[], string, RegExp]>([
    ['an unknown kind', [{ kind: 'http-eror' }], 'faults[0].kind', /got 'http-eror'; did you mean 'http-error'\?/],
    [
      'a misspelled key',
      [{ kind: 'latency', ms: 5, evry: 2 }],
      'faults[0].evry',
      /unknown key `evry` in faults\[0\]; did you mean `every`\?/,
    ],
    [
      'a key of another kind',
      [{ kind: 'drop-after-execute', status: 500 }],
      'faults[0].status',
      /unknown key `status`/,
    ],
    ['a wrong type', [{ kind: 'drop-before-execute', nth: 3 }], 'faults[0].nth', /nth must be an array; got 3/],
    [
      'an http-error with status 200',
      [{ kind: 'http-error', status: 200 }],
      'faults[0].status',
      /at least 400; got 200/,
    ],
    ['a negative latency', [{ kind: 'latency', ms: -5 }], 'faults[0].ms', /ms must be at least 0; got -5/],
    ['a probability above 1', [{ kind: 'reset-mid-body', probability: 2 }], 'faults[0].probability', /at most 1/],
    ['a route with no path', [{ kind: 'drop-before-execute', route: 'POST' }], 'faults[0].route', /'METHOD \/path'/],
    ['a missing kind', [{ nth: [1] }], 'faults[0].kind', /is required: one of latency, http-error/],
  ])('refuses %s, naming the key, and keeps the rules in force', async (_kind, rules, key, message) => {
    const emulator = await startTestEmulator();
    emulator.setFaults([{ kind: 'http-error', status: 503 }]);
    let error: unknown;
    try {
      emulator.setFaults(rules as FaultRule[]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EmulatorSettingsError);
    expect((error as EmulatorSettingsError).key).toBe(key);
    expect((error as Error).message).toMatch(message);
    const res = await postGraphQL(emulator, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN });
    expect(res.status).toBe(503);
  });
});

describe('the command line', () => {
  const files: Record<string, string> = {
    'window.json': '{ "limits": { "minuteRate": { "quota": 5, "window": 10 } } }',
    'limit.json': '{ "limit": { "daily": { "quota": 5 } } }',
    'type.json': '{ "maxRecords": "many" }',
    'status.json': '{ "faults": [{ "kind": "http-error", "status": 200 }] }',
  };
  const read = (path: string) => files[path] ?? '{}';

  it.each<[string, string[], RegExp]>([
    ['a misspelled flag', ['--minute-rates', '5'], /Unknown option '--minute-rates'; did you mean --minute-rate\?/],
    ['a flag of the wrong type', ['--port', 'abc'], /--port must be a whole number from 0 to 65535; got 'abc'/],
    ['an impossible flag value', ['--concurrency', '0'], /--concurrency must be a whole number from 1/],
    [
      'a version flag of the wrong shape',
      ['--versions', '2024-10,2025-1'],
      /--versions takes versions shaped YYYY-MM.*; got '2025-1'/,
    ],
    [
      'a misspelled config key',
      ['--config', 'window.json'],
      /--config: unknown key `window` in limits\.minuteRate; did you mean `windowSeconds`\? \(in window\.json\)/,
    ],
    [
      'a misspelled top-level config key',
      ['--config', 'limit.json'],
      /unknown option limit in limit\.json; did you mean limits\?/,
    ],
    [
      'a config value of the wrong type',
      ['--config', 'type.json'],
      /--config: maxRecords must be a number; got 'many'/,
    ],
    ['an impossible config fault', ['--config', 'status.json'], /--config: faults\[0\]\.status must be at least 400/],
  ])('refuses %s, naming it', (_kind, argv, message) => {
    expect(() => parseCli(argv, read)).toThrow(CliUsageError);
    expect(() => parseCli(argv, read)).toThrow(message);
  });
});
