/**
 * The `workspace-platform-emulator` command: prints its addresses, limits and the demo tokens, serves,
 * and stops cleanly on SIGTERM; takes limits, versions, faults and tokens from flags or `--config`;
 * and says in one line what is wrong with a command line or a port in use.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookHandler, type WebhookEvent } from 'workspace-platform-sdk/webhooks';
import { startReceiver } from '../../../test/webhooks/receiver.js';
import { CliUsageError, parseCli, WEBHOOK_SECRET_ENV } from '../src/cli-options.js';
import { BOARDS_QUERY, DEMO_TOKEN, postGraphQL } from './server-helpers.js';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

/** Resolves with everything printed once `pattern` appears on stdout. */
function waitForOutput(process: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    process.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve(output);
    });
    process.once('exit', (code) => reject(new Error(`exited with ${code} before printing ${pattern}: ${output}`)));
  });
}

it('starts, prints baseUrl, authUrl and the demo token, serves, and stops on SIGTERM', async () => {
  child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const banner = await waitForOutput(child, /Press Ctrl\+C/);
  const baseUrl = /baseUrl\s+(http:\/\/\S+)/.exec(banner)?.[1];
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(banner).toMatch(/authUrl\s+http:\/\/127\.0\.0\.1:\d+/);
  expect(banner).toContain(DEMO_TOKEN);
  const res = await postGraphQL({ baseUrl: baseUrl! }, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN });
  expect(res.status).toBe(200);
  const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});

/** Runs the command to its end; resolves with its exit code and what it printed on stderr. */
async function runToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
  return { code, stderr };
}

/** Starts the command with `args` and resolves with its baseUrl and banner once it listens. */
async function startCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ baseUrl: string; banner: string }> {
  child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const banner = await waitForOutput(child, /Press Ctrl\+C/);
  return { baseUrl: /baseUrl\s+(http:\/\/\S+)/.exec(banner)![1]!, banner };
}

it('rejects a bad port in one line that names the flag, without the usage text', async () => {
  const { code, stderr } = await runToExit(['--port', 'abc']);
  expect(code).toBe(1);
  expect(stderr).toBe(
    "workspace-platform-emulator: --port must be a whole number from 0 to 65535; got 'abc'.\nRun workspace-platform-emulator --help for the options.\n",
  );
});

it('a port in use: one line that says so', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as { port: number };
  try {
    const { code, stderr } = await runToExit(['--port', String(port)]);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `workspace-platform-emulator: port ${port} on 127.0.0.1 is already in use (another emulator?); stop it or choose another with --port (0 picks a free one).\n`,
    );
  } finally {
    blocker.close();
  }
});

it("takes the README's small limits and a version list from flags", async () => {
  const { baseUrl, banner } = await startCli([
    '--minute-rate',
    '100/10',
    '--concurrency',
    '5',
    '--versions',
    '2025-04,2025-10',
    '--strict-versions',
  ]);
  expect(banner).toContain('limits   100 requests per 10 s, 5 in flight');
  expect(banner).toContain('versions 2025-04, 2025-10 (default 2025-10)');
  const res = await postGraphQL({ baseUrl }, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN });
  expect(res.status).toBe(200);
  const policy = res.headers.get('ratelimit-policy') ?? '';
  expect(policy).toContain('"minuteRate";q=100;w=10');
  expect(policy).toContain('"concurrency";q=5');
  const old = await postGraphQL(
    { baseUrl },
    { query: BOARDS_QUERY },
    { authorization: DEMO_TOKEN, 'api-version': '2026-07' },
  );
  expect(old.status).toBe(400);
});

it('takes limits, faults and tokens from --config, and never prints a configured token', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wpe-cli-'));
  const config = join(dir, 'emulator.json');
  const token = 'my-own-test-token-1234';
  writeFileSync(
    config,
    JSON.stringify({
      limits: { minuteRate: { quota: 50, windowSeconds: 30 } },
      faults: [{ route: 'POST /v2', first: 1, kind: 'http-error', status: 503 }],
      tokens: [{ token, accountId: 1001, userId: 2001 }],
    }),
  );
  const { baseUrl, banner } = await startCli(['--config', config, '--concurrency', '3']);
  expect(banner).toContain('limits   50 requests per 30 s, 3 in flight');
  expect(banner).not.toContain(token);
  expect(banner).not.toContain(DEMO_TOKEN);
  const faulted = await postGraphQL({ baseUrl }, { query: BOARDS_QUERY }, { authorization: token });
  expect(faulted.status).toBe(503);
  const served = await postGraphQL({ baseUrl }, { query: BOARDS_QUERY }, { authorization: token });
  expect(served.status).toBe(200);
  const demo = await postGraphQL({ baseUrl }, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN });
  expect(demo.status).toBe(401);
  rmSync(dir, { recursive: true, force: true });
});

it('delivers webhooks signed with the secret from the environment, and never prints the secret', async () => {
  const secret = 'cli-signing-secret-0123456789';
  const events: WebhookEvent[] = [];
  const hook = await startReceiver(
    createWebhookHandler({ signingSecret: secret, onEvent: (event) => void events.push(event) }),
  );
  try {
    const { baseUrl, banner } = await startCli([], { ...process.env, [WEBHOOK_SECRET_ENV]: secret });
    expect(banner).toContain(`webhooks delivered to loopback URLs, signed with the secret from ${WEBHOOK_SECRET_ENV}`);
    expect(banner).not.toContain(secret);
    const created = await postGraphQL(
      { baseUrl },
      {
        query: `mutation { create_webhook(board_id: 3001, url: "${hook.url}", event: create_item) { id } }`,
      },
      { authorization: DEMO_TOKEN, 'api-version': '2025-04' },
    );
    expect(created.status).toBe(200);
    await postGraphQL(
      { baseUrl },
      { query: 'mutation { create_item(board_id: 3001, item_name: "Signed") { id } }' },
      { authorization: DEMO_TOKEN, 'api-version': '2025-04' },
    );
    await expect.poll(() => events.map((event) => event.type), { timeout: 10_000 }).toEqual(['create_pulse']);
  } finally {
    await hook.close();
  }
});

describe('the command line, parsed', () => {
  const files: Record<string, string> = {
    'bad.json': '{ "limits": ',
    'unknown.json': '{ "limit": {} }',
    'fault.json': '{ "faults": [{ "kind": "explode" }] }',
    'token.json': '{ "tokens": [{ "token": "t" }] }',
    'list.json': '[]',
    'hooks.json': '{ "webhooks": { "retryIntervalMs": 1000 } }',
  };
  const read = (path: string) => {
    const text = files[path];
    if (text === undefined) throw new Error('ENOENT: no such file');
    return text;
  };

  it('defaults to port 4010 and takes every flag', () => {
    expect(parseCli([], read)).toEqual({ help: false, quiet: false, options: { port: 4010 } });
    const flags = [
      '--daily',
      '10',
      '--complexity',
      '500/5',
      '--default-version',
      '2025-04',
      '--strict-versions',
      '--complexity-error-style',
      'graphql-error',
    ];
    expect(parseCli([...flags, '--host', '0.0.0.0'], read)).toMatchObject({
      options: {
        port: 4010,
        host: '0.0.0.0',
        limits: { daily: { quota: 10 }, complexity: { quota: 500, windowSeconds: 5 } },
        defaultVersion: '2025-04',
        versionRouting: 'refuse',
        complexityErrorStyle: 'graphql-error',
      },
    });
    expect(parseCli(['-h'], read)).toEqual({ help: true });
  });

  it('turns webhook delivery on with --webhooks or the secret in the environment', () => {
    const optionsOf = (argv: string[], env: Record<string, string> = {}) => {
      const request = parseCli(argv, read, env);
      if (request.help) throw new Error('not a help request');
      return request.options;
    };
    expect(optionsOf([])).not.toHaveProperty('webhooks');
    expect(optionsOf(['--webhooks']).webhooks).toEqual({});
    const env = { [WEBHOOK_SECRET_ENV]: 'the-secret' };
    expect(optionsOf([], env).webhooks).toEqual({ signingSecret: 'the-secret' });
    expect(optionsOf(['--config', 'hooks.json'], env).webhooks).toEqual({
      retryIntervalMs: 1000,
      signingSecret: 'the-secret',
    });
    expect(() => parseCli(['--webhooks'], read, { [WEBHOOK_SECRET_ENV]: ' ' })).toThrow(
      `${WEBHOOK_SECRET_ENV} is set but empty`,
    );
  });

  it.each([
    [['--minute-rate', '100/10/1'], "--minute-rate takes <quota> or <quota>/<seconds>; got '100/10/1'."],
    [['--concurrency', '0'], "--concurrency must be a whole number from 1 to 9007199254740991; got '0'."],
    [['--complexity-error-style', 'loud'], "--complexity-error-style must be status-429 or graphql-error; got 'loud'."],
    [['--config', 'missing.json'], '--config: cannot read missing.json: ENOENT: no such file'],
    [['--config', 'bad.json'], '--config: bad.json is not valid JSON'],
    [['--config', 'unknown.json'], '--config: unknown option limit in unknown.json'],
    [['--config', 'fault.json'], '--config: faults[0].kind must be one of latency'],
    [['--config', 'token.json'], '--config: tokens[0].accountId is required (in token.json).'],
    [['--config', 'list.json'], '--config: list.json must hold a JSON object of emulator options.'],
  ])('%j: %s', (argv, message) => {
    expect(() => parseCli(argv, read)).toThrow(CliUsageError);
    expect(() => parseCli(argv, read)).toThrow(message);
  });
});
