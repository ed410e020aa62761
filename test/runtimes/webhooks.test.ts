/**
 * One webhook handler file (`webhook-handler.ts`, built with `workspace-platform-sdk/webhooks`) on every runtime:
 * Bun, Deno, Node 22 and 24 run it as a script; workerd serves it as an edge worker, probed from inside and posted
 * to over HTTP. Each answers the challenge, handles a signed event once, and refuses a missing header, another
 * secret, another audience and an expired token with their reasons.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt as signWebhookToken } from '../../src/webhooks/jwt.js';
import { binaryOf, freePort, requireBinary, waitForWorker, workerdConfig } from './runtime-harness.js';
import type { WebhookProbeReport } from './webhook-probe.js';

const run = promisify(execFile);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const SECRET = 'runtime-signing-secret';
const AUDIENCE = 'https://app.example.com/webhooks';

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'wps-webhooks-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function tokens() {
  const iat = Math.floor(Date.now() / 1000);
  const claims = { accountId: 1001, userId: 501, aud: AUDIENCE, iat, exp: iat + 300 };
  return {
    valid: await signWebhookToken(claims, SECRET),
    otherSecret: await signWebhookToken(claims, 'not-the-secret'),
    otherAudience: await signWebhookToken({ ...claims, aud: 'https://elsewhere.example.com/' }, SECRET),
    expired: await signWebhookToken({ ...claims, iat: iat - 7200, exp: iat - 3600 }, SECRET),
  };
}

async function bundle(entry: string, file: string): Promise<string> {
  const outfile = join(workDir, file);
  await build({
    entryPoints: [join(HERE, entry)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    logLevel: 'silent',
    define: {
      PROBE_SECRET: JSON.stringify(SECRET),
      PROBE_AUDIENCE: JSON.stringify(AUDIENCE),
      PROBE_TOKENS: JSON.stringify(await tokens()),
    },
  });
  return outfile;
}

function expectHandled(report: WebhookProbeReport): void {
  expect(report.challenge).toEqual({ challenge: 'runtime-challenge' });
  expect(report.answers).toEqual({
    first: { status: 200 },
    duplicate: { status: 200 },
    missingHeader: { status: 401, error: 'missing-header' },
    otherSecret: { status: 401, error: 'bad-signature' },
    otherAudience: { status: 401, error: 'wrong-audience' },
    expired: { status: 401, error: 'expired' },
  });
  expect(report.handled).toEqual([{ type: 'create_pulse', triggerUuid: 'f00dfeed' }]);
}

async function runScript(runtime: string, args: string[], env: Record<string, string> = {}) {
  const binary = requireBinary(runtime);
  const script = await bundle('webhook-probe-script.ts', `webhooks-${runtime}.mjs`);
  const { stdout } = await run(binary, [...args, script], { timeout: 30_000, env: { ...process.env, ...env } });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as WebhookProbeReport;
}

describe('the webhook handler on other runtimes', () => {
  it('runs on Bun', async () => {
    const report = await runScript('bun', ['run'], { BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' });
    expect(report.userAgent).toMatch(/^Bun\//);
    expectHandled(report);
  });

  it('runs on Deno with no permissions', async () => {
    const report = await runScript('deno', ['run', '--no-prompt'], {
      DENO_DIR: join(workDir, 'deno'),
      DENO_NO_UPDATE_CHECK: '1',
    });
    expect(report.userAgent).toMatch(/^Deno\//);
    expectHandled(report);
  });

  for (const major of [22, 24]) {
    const runtime = `node${major}`;
    it.runIf(binaryOf(runtime) !== undefined)(`runs on Node ${major}`, async () => {
      const report = await runScript(runtime, []);
      expect(report.userAgent).toMatch(new RegExp(`^Node\\.js/${major}`));
      expectHandled(report);
    });
  }

  it('serves as a workerd edge worker', async () => {
    const binary = requireBinary('workerd');
    await bundle('webhook-probe-worker.ts', 'webhooks-worker.mjs');
    const port = await freePort();
    await writeFile(join(workDir, 'webhooks.capnp'), workerdConfig(port, 'webhooks-worker.mjs'));
    const worker = spawn(binary, ['serve', join(workDir, 'webhooks.capnp')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    worker.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      await waitForWorker(`http://127.0.0.1:${port}/`, () => stderr);
      const report = (await (await fetch(`http://127.0.0.1:${port}/probe`)).json()) as WebhookProbeReport;
      expect(report.userAgent).toBe('Cloudflare-Workers');
      expectHandled(report);
      // Over HTTP too: the challenge, and a forged delivery refused.
      const url = `http://127.0.0.1:${port}/webhooks`;
      const challenge = await fetch(url, { method: 'POST', body: JSON.stringify({ challenge: 'over-http' }) });
      expect(await challenge.json()).toEqual({ challenge: 'over-http' });
      const forged = await fetch(url, {
        method: 'POST',
        headers: { authorization: (await tokens()).otherSecret },
        body: JSON.stringify({ event: { type: 'create_pulse', triggerUuid: 'x', boardId: 1 } }),
      });
      expect(forged.status).toBe(401);
    } finally {
      worker.kill();
    }
  });
});
