/**
 * The client on every runtime the README names besides the Node running the tests: Bun, Deno, Node 22
 * and 24, and workerd (the runtime behind edge workers), each from its npm package under
 * `test/runtimes/node_modules` (installed by `npm run runtimes:install`). Each runs the same small
 * script, bundled from `src/index.ts` with esbuild, against a real emulator on 127.0.0.1: `boards`, a
 * `createItem` and its replay, and an abort of a request the emulator holds.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, type Emulator, startEmulator } from 'workspace-platform-emulator';
import type { ProbeReport } from './probe.js';
import { binaryOf, freePort, requireBinary, waitForWorker, workerdConfig } from './runtime-harness.js';

const run = promisify(execFile);
const HERE = fileURLToPath(new URL('.', import.meta.url));

let workDir: string;
const emulators: Emulator[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'wps-runtimes-'));
});

afterAll(async () => {
  await Promise.all(emulators.map((emulator) => emulator.close()));
  await rm(workDir, { recursive: true, force: true });
});

/** An emulator whose fourth GraphQL request (the probe's aborted call) is held for 10 s. */
async function probeEmulator(): Promise<Emulator> {
  const emulator = await startEmulator({
    port: 0,
    faults: [{ route: 'POST /v2', nth: [4], kind: 'latency', ms: 10_000 }],
  });
  emulators.push(emulator);
  return emulator;
}

/** Bundles `entry` (a probe entry of this folder) for `emulator` into one ESM file; returns its path. */
async function bundle(entry: string, emulator: Emulator, itemName: string, file: string): Promise<string> {
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
      PROBE_BASE_URL: JSON.stringify(emulator.baseUrl),
      PROBE_TOKEN: JSON.stringify(DEMO_TOKEN),
      PROBE_ITEM_NAME: JSON.stringify(itemName),
    },
  });
  return outfile;
}

/** What every runtime must have done against its emulator. */
function expectProbeWorked(report: ProbeReport, emulator: Emulator, itemName: string): void {
  expect(report.boards).toContain('Product roadmap');
  expect(report.minuteRemaining).toBeTypeOf('number');
  expect(report.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(report.replayed).toBe(true);
  expect(report.replayId).toBe(report.createdId);
  expect(emulator.store.items.all().filter((item) => item.name === itemName)).toHaveLength(1);
  expect(emulator.stats.replayed).toBe(1);
  expect(report.abort).toBe('NetworkError aborted');
  expect(report.abortMs).toBeLessThan(2_000);
}

/** Runs the probe script with `binary` and `args` before the script; returns the report and the runtime's version. */
async function runScript(runtime: string, args: string[], env: Record<string, string> = {}) {
  const binary = requireBinary(runtime);
  const emulator = await probeEmulator();
  const itemName = `Made on ${runtime}`;
  const script = await bundle('probe-script.ts', emulator, itemName, `${runtime}.mjs`);
  const options = { timeout: 30_000, env: { ...process.env, ...env } };
  const { stdout: version } = await run(binary, ['--version'], options);
  const { stdout } = await run(binary, [...args, script], options);
  const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ProbeReport;
  console.log(`${runtime} ${version.trim().split('\n')[0]}: ${JSON.stringify(report)}`);
  return { report, emulator, itemName };
}

describe('the client on other runtimes, against the emulator', () => {
  it('runs on Bun', async () => {
    const { report, emulator, itemName } = await runScript('bun', ['run'], { BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' });
    expect(report.userAgent).toMatch(/^Bun\//);
    expectProbeWorked(report, emulator, itemName);
  });

  it('runs on Deno, with network access to the emulator only', async () => {
    const { report, emulator, itemName } = await runScript('deno', ['run', '--no-prompt', '--allow-net=127.0.0.1'], {
      DENO_DIR: join(workDir, 'deno'),
      DENO_NO_UPDATE_CHECK: '1',
    });
    expect(report.userAgent).toMatch(/^Deno\//);
    expectProbeWorked(report, emulator, itemName);
  });

  for (const major of [22, 24]) {
    const runtime = `node${major}`;
    it.runIf(binaryOf(runtime) !== undefined)(`runs on Node ${major}`, async () => {
      const { report, emulator, itemName } = await runScript(runtime, []);
      expect(report.userAgent).toMatch(new RegExp(`^Node\\.js/${major}`));
      expectProbeWorked(report, emulator, itemName);
    });
  }

  it('runs in workerd, the runtime of edge workers', async () => {
    const binary = requireBinary('workerd');
    const emulator = await probeEmulator();
    const itemName = 'Made in workerd';
    await bundle('probe-worker.ts', emulator, itemName, 'worker.mjs');
    const port = await freePort();
    await writeFile(join(workDir, 'workerd.capnp'), workerdConfig(port));
    const { stdout: version } = await run(binary, ['--version']);
    const worker = spawn(binary, ['serve', join(workDir, 'workerd.capnp')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    worker.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      await waitForWorker(`http://127.0.0.1:${port}/`, () => stderr);
      const response = await fetch(`http://127.0.0.1:${port}/probe`);
      const report = (await response.json()) as ProbeReport;
      console.log(`${version.trim()}: ${JSON.stringify(report)}`);
      expect(response.status, JSON.stringify(report)).toBe(200);
      expect(report.userAgent).toBe('Cloudflare-Workers');
      expectProbeWorked(report, emulator, itemName);
    } finally {
      worker.kill();
    }
  });
});
