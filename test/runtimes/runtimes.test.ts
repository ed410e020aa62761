/**
 * The client on every runtime the README names besides the Node running the tests: Bun, Deno, Node 22
 * and 24, and workerd (the runtime behind edge workers), each from its npm package under
 * `test/runtimes/node_modules` (installed by `npm run runtimes:install`). Each runs the same small
 * script, bundled from `src/index.ts` with esbuild, against a real emulator on 127.0.0.1: `boards`, a
 * `createItem` and its replay, and an abort of a request the emulator holds.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, type Emulator, startEmulator } from '../../src/emulator/index.js';
import type { ProbeReport } from './probe.js';

const run = promisify(execFile);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const MODULES = join(HERE, 'node_modules');
const PLATFORM = `${process.platform}-${process.arch}`;
const INSTALL_HINT = 'run `npm run runtimes:install` (part of `npm test`) first';

/** Where each runtime's binary lives inside its npm package, by platform. */
const BINARIES: Record<string, Partial<Record<string, string>>> = {
  bun: {
    'linux-x64': '@oven/bun-linux-x64/bin/bun',
    'linux-arm64': '@oven/bun-linux-aarch64/bin/bun',
    'darwin-arm64': '@oven/bun-darwin-aarch64/bin/bun',
    'darwin-x64': '@oven/bun-darwin-x64/bin/bun',
  },
  deno: {
    'linux-x64': '@deno/linux-x64-glibc/deno',
    'linux-arm64': '@deno/linux-arm64-glibc/deno',
    'darwin-arm64': '@deno/darwin-arm64/deno',
    'darwin-x64': '@deno/darwin-x64/deno',
  },
  workerd: {
    'linux-x64': '@cloudflare/workerd-linux-64/bin/workerd',
    'linux-arm64': '@cloudflare/workerd-linux-arm64/bin/workerd',
    'darwin-arm64': '@cloudflare/workerd-darwin-arm64/bin/workerd',
    'darwin-x64': '@cloudflare/workerd-darwin-64/bin/workerd',
  },
  // The Node binaries are installed for linux-x64 only (see test/runtimes/package.json).
  node22: { 'linux-x64': 'node22-linux-x64/bin/node' },
  node24: { 'linux-x64': 'node24-linux-x64/bin/node' },
};

/** The binary of `runtime` for this platform, or undefined when none is provided here. */
function binaryOf(runtime: string): string | undefined {
  const relative = BINARIES[runtime]?.[PLATFORM];
  return relative === undefined ? undefined : join(MODULES, relative);
}

/** The binary of `runtime`; fails the test with what to run when it is not installed. */
function requireBinary(runtime: string): string {
  const binary = binaryOf(runtime);
  if (binary === undefined) throw new Error(`No ${runtime} package for ${PLATFORM}`);
  if (!existsSync(binary)) throw new Error(`${runtime} is not installed at ${binary}: ${INSTALL_HINT}`);
  return binary;
}

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

/** A port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** workerd's configuration: the bundled worker on `port`, allowed to reach loopback addresses (the emulator). */
function workerdConfig(port: number): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "probe", worker = .probeWorker),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "probe")],
);
const probeWorker :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed "worker.mjs")],
  compatibilityDate = "2025-01-01",
  globalOutbound = "loopback",
);
`;
}

/** Resolves once the worker answers on `url`; rejects with its stderr after 15 s. */
async function waitForWorker(url: string, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`workerd did not start: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
