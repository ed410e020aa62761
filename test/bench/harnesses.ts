/**
 * `npm run bench -- --harnesses [--runs 3] [--quick] [--packed | --sdk-app <dir>] [--out <file>]`: the per-call
 * figures the docs cite, by both harnesses, each run `--runs` times (alternating which goes first):
 * - own processes (`rounds-per-process.ts`): each client in a process of its own, slices rotated, as `npm run bench`
 *   measures (7 rounds here instead of 21, to keep the whole run near 8 minutes on 2 cores: about 45 s a run
 *   here and 100 s a run of the other, whose figures are the outside harness's own);
 * - one process (`shared-process.ts`): the four clients in this process, the outside harness's method and figures
 *   (p50 of 2,000 sequential calls in 10 rounds; 10,000 calls at 64 in flight in 5 rounds; slices in a random order
 *   per round, a full collection before each).
 * The server runs in another process, pinned to the last core with `taskset` where there is one (this process and
 * its children keep the others). Prints and writes, for every client, the median over runs of p50 at one in flight,
 * CPU per call and throughput at 64 in flight as ratios to raw fetch, with their spread (lowest-highest run), and the
 * SDK's verdicts against its lines (p50 ≤ 1.05x, CPU ≤ 1.08x, throughput ≥ 0.95x, on the medians).
 *
 * The SDK measured: the repository's build (`dist/`, `npm run build` first); with `--packed`, the tarball `npm pack`
 * makes, installed in an empty app in a temporary directory; with `--sdk-app <dir>`, the package installed in that
 * app (`npm install workspace-platform-sdk` in an empty directory: the published package). A full run writes
 * `docs/performance-results.json` and regenerates the docs' tables from it (`scripts/performance-tables.mjs`); a
 * quick one writes `test/bench/results/harnesses-quick.json` and leaves the docs alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASELINE_ID, loadAllAdapters } from './clients/index.js';
import { FULL_CONFIG, QUICK_CONFIG } from './config.js';
import { measureBundle } from './measure/bundle.js';
import type { Contender } from './phases.js';
import { emptySamples, summarize } from './results.js';
import { runPerProcessRounds } from './rounds-per-process.js';
import { startBenchServer } from './server-process.js';
import { runSharedProcessRounds, SHARED_CONFIG, SHARED_QUICK_CONFIG } from './shared-process.js';
import { median } from './stats.js';
import { verifyCall } from './verify-call.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The committed results of a documented run (read by `scripts/performance-tables.mjs`). */
const RESULTS_PATH = 'docs/performance-results.json';

/** The lines the SDK is judged against, on the medians over runs. */
const LINES = { p50: { most: 1.05 }, cpu: { most: 1.08 }, throughput: { least: 0.95 } } as const;
type Figure = keyof typeof LINES;

interface HarnessSpec {
  id: 'own-processes' | 'one-process';
  title: string;
  method: string;
}

const HARNESSES: HarnessSpec[] = [
  {
    id: 'own-processes',
    title: 'Each client in its own process',
    method:
      'slices rotated between four client processes; p50 of 1,000 sequential calls and 3,000 calls at 64 in flight per round, 7 rounds',
  },
  {
    id: 'one-process',
    title: 'All four clients in one process',
    method:
      'slices in a random order per round, a full collection before each; p50 of 2,000 sequential calls in 10 rounds, throughput and CPU of 10,000 calls at 64 in flight in 5 rounds',
  },
];

interface Options {
  runs: number;
  quick: boolean;
  packed: boolean;
  sdkApp?: string;
  out?: string;
}

function parseOptions(args: readonly string[]): Options {
  const options: Options = { runs: 3, quick: false, packed: false };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    const value = () => {
      const next = args[++index];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--harnesses') continue;
    if (arg === '--quick') options.quick = true;
    else if (arg === '--packed') options.packed = true;
    else if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--sdk-app') options.sdkApp = resolve(value());
    else if (arg === '--out') options.out = resolve(value());
    else
      throw new Error(
        `unknown argument ${arg} (known: --harnesses, --runs n, --quick, --packed, --sdk-app dir, --out file)`,
      );
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a whole number from 1');
  if (options.packed && options.sdkApp) throw new Error('--packed and --sdk-app exclude each other');
  return options;
}

/** Packs this repository's package and installs the tarball in an empty app; returns the app's directory. */
function installPackedTarball(): string {
  const work = mkdtempSync(join(tmpdir(), 'sdk-bench-'));
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }),
  ) as { filename: string }[];
  const tarball = join(work, packed[0]?.filename ?? '');
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "bench-app", "private": true, "type": "module" }\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', tarball], { cwd: app, stdio: 'inherit' });
  return app;
}

/** The version of the package installed in `app`. */
function installedVersion(app: string): string {
  const manifest = join(app, 'node_modules', 'workspace-platform-sdk', 'package.json');
  if (!existsSync(manifest)) throw new Error(`workspace-platform-sdk is not installed in ${app}`);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Runs this process on every core but the last, and returns the last (for the server), where `taskset` exists. */
function pinCores(): number | undefined {
  const count = availableParallelism();
  if (count < 2 || process.platform !== 'linux') return undefined;
  try {
    execFileSync('taskset', ['-pc', `0-${count - 2}`, String(process.pid)], { stdio: 'ignore' });
    return count - 1;
  } catch {
    return undefined;
  }
}

/** Per client, per figure, the ratio of each run. */
type RunRatios = Map<string, Record<Figure, number[]>>;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const sdkApp = options.packed ? installPackedTarball() : options.sdkApp;
  if (sdkApp) process.env.BENCH_SDK_APP = sdkApp;
  const sdkSource = sdkApp
    ? `workspace-platform-sdk ${installedVersion(sdkApp)} ${options.packed ? 'packed and installed in an empty app' : 'installed in an app'}`
    : 'workspace-platform-sdk from the repository build (dist/)';
  const cores = availableParallelism(); // read before pinning narrows it
  const serverCpu = pinCores();
  const ownConfig = options.quick ? QUICK_CONFIG : { ...FULL_CONFIG, rounds: 7 };
  const sharedConfig = options.quick ? SHARED_QUICK_CONFIG : SHARED_CONFIG;
  const adapters = await loadAllAdapters();
  for (const adapter of adapters) {
    const reason = adapter.unavailable();
    if (reason) throw new Error(`${adapter.name} cannot be measured: ${reason}`);
  }
  const server = await startBenchServer(serverCpu === undefined ? {} : { pinToCpu: serverCpu });
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  const ratios = new Map<HarnessSpec['id'], RunRatios>(HARNESSES.map((harness) => [harness.id, new Map()]));
  const absolute = new Map<string, { p50Ms: number[]; cpuMicros: number[]; callsPerSecond: number[] }>();
  try {
    for (let run = 0; run < options.runs; run += 1) {
      const order = run % 2 === 0 ? HARNESSES : [...HARNESSES].reverse();
      for (const harness of order) {
        process.stdout.write(`run ${run + 1}/${options.runs}: ${harness.title.toLowerCase()}\n`);
        const runStart = performance.now();
        const contenders: Contender[] = [];
        for (const adapter of adapters) {
          // In one process every client is set up here, and its first call checked to return the boards; in its own
          // process each sets itself up and checks its call in its child.
          const call = harness.id === 'one-process' ? await adapter.setup(server.baseUrl) : async () => undefined;
          if (harness.id === 'one-process') await verifyCall(adapter.name, call);
          contenders.push({ adapter, call, samples: emptySamples(adapter.id, adapter.name) });
        }
        if (harness.id === 'one-process') await runSharedProcessRounds(contenders, server, sharedConfig);
        else await runPerProcessRounds(contenders, server, ownConfig);
        const raw = contenders.find((contender) => contender.adapter.id === BASELINE_ID)?.samples;
        if (!raw) throw new Error('raw fetch, the baseline, was not measured');
        for (const { adapter, samples } of contenders) {
          const summary = summarize(samples, raw, 0);
          const perClient = ratios.get(harness.id)!;
          const entry = perClient.get(adapter.id) ?? { p50: [], cpu: [], throughput: [] };
          entry.p50.push(summary.ratios.latencyP50);
          entry.cpu.push(summary.ratios.cpuPerCall);
          entry.throughput.push(summary.ratios.callsPerSecond);
          perClient.set(adapter.id, entry);
          const key = `${harness.id}|${adapter.id}`;
          const sums = absolute.get(key) ?? { p50Ms: [], cpuMicros: [], callsPerSecond: [] };
          sums.p50Ms.push(summary.latencyP50Ms);
          sums.cpuMicros.push(summary.cpuMicrosPerCall);
          sums.callsPerSecond.push(summary.callsPerSecond);
          absolute.set(key, sums);
        }
        process.stdout.write(`  took ${((performance.now() - runStart) / 1000).toFixed(0)} s\n`);
      }
    }
  } finally {
    await server.close();
  }

  const spread = (values: number[]) => ({
    median: median(values),
    spread: [Math.min(...values), Math.max(...values)],
    runs: values,
  });
  const harnesses = HARNESSES.map((harness) => {
    const clients = adapters.map((adapter) => {
      const entry = ratios.get(harness.id)?.get(adapter.id) ?? { p50: [], cpu: [], throughput: [] };
      const sums = absolute.get(`${harness.id}|${adapter.id}`);
      return {
        id: adapter.id,
        name: adapter.name,
        p50: spread(entry.p50),
        cpu: spread(entry.cpu),
        throughput: spread(entry.throughput),
        absolute: {
          p50Ms: median(sums?.p50Ms ?? []),
          cpuMicrosPerCall: median(sums?.cpuMicros ?? []),
          callsPerSecond: median(sums?.callsPerSecond ?? []),
        },
      };
    });
    const sdk = clients.find((client) => client.id === 'sdk');
    const verdicts = Object.fromEntries(
      (Object.keys(LINES) as Figure[]).map((figure) => {
        const line = LINES[figure] as { most?: number; least?: number };
        const value = sdk?.[figure].median ?? Number.NaN;
        return [figure, line.most !== undefined ? value <= line.most : value >= (line.least ?? Number.NaN)];
      }),
    ) as Record<Figure, boolean>;
    return { ...harness, clients, verdicts };
  });
  const bundle = sdkApp ? undefined : await measureBundle(join(root, 'test/bench/entries/sdk.js'));
  const loadAverage = Math.max(loadBefore, loadavg()[0] ?? 0);
  const results = {
    generatedAt: new Date().toISOString(),
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    quick: options.quick,
    runs: options.runs,
    sdkSource,
    lines: LINES,
    config: { ownProcesses: ownConfig, oneProcess: sharedConfig },
    environment: {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      cpus: cores,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
      pinned: serverCpu !== undefined,
      loadAverage,
    },
    durationSeconds: (performance.now() - started) / 1000,
    harnesses,
    ...(bundle ? { bundle: { gzipBytes: bundle.gzipBytes, oneFileGzipBytes: bundle.oneFileGzipBytes } } : {}),
  };

  for (const harness of harnesses) {
    process.stdout.write(`\n${harness.title} (median of ${options.runs} runs, spread in brackets)\n`);
    for (const client of harness.clients) {
      const cell = (entry: ReturnType<typeof spread>) =>
        `${entry.median.toFixed(3)} (${entry.spread[0]?.toFixed(3)}-${entry.spread[1]?.toFixed(3)})`;
      process.stdout.write(
        `  ${client.name.padEnd(34)} p50 (1) ${cell(client.p50)}  CPU/call (64) ${cell(client.cpu)}  throughput (64) ${cell(client.throughput)}\n`,
      );
    }
    const verdict = (Object.keys(LINES) as Figure[]).map(
      (figure) => `${figure} ${harness.verdicts[figure] ? 'PASS' : 'FAIL'}`,
    );
    process.stdout.write(`  SDK against its lines: ${verdict.join(', ')}\n`);
  }
  if (loadAverage > cores * 0.5) {
    process.stdout.write(
      `warning: load average ${loadAverage.toFixed(1)} on ${cores} cores: the machine was busy, rerun before citing\n`,
    );
  }
  const documented = !options.quick && !options.out;
  const out =
    options.out ?? (documented ? join(root, RESULTS_PATH) : join(root, 'test/bench/results/harnesses-quick.json'));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\nwrote ${out} (${results.durationSeconds.toFixed(0)} s)\n`);
  if (documented) {
    execFileSync(process.execPath, [join(root, 'scripts/performance-tables.mjs')], { stdio: 'inherit' });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
