/**
 * `npm run bench [-- --quick]`: the performance budget. Compares raw fetch, graphql-request,
 * the platform's official client and this SDK against a local server in another process, each client in a
 * process of its own (as an app runs it), prints ratios to raw fetch with absolute medians, judges the SDK
 * against its targets and writes `test/bench/results/latest.json`; then the bulk jobs against the bound the
 * platform's limits allow (`bulk.ts`). `npm run bench -- bulk [--quick]` runs the bulk jobs alone;
 * `npm run bench -- --harnesses` the per-call figures of both harnesses, three runs each (`harnesses.ts`);
 * `npm run bench -- scale [--sizes 10000,100000] [--skip writeItems]` the emulator at the scale of real boards
 * (`scale.ts`, not part of the full run). Exits 0 whether targets are met or not; non-zero only on failure.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatBulk, runBulkBench } from './bulk.js';
import { BASELINE_ID, loadAllAdapters } from './clients/index.js';
import { configFromArgs } from './config.js';
import { type FleetBenchResult, formatFleet, runFleetBench } from './fleet.js';
import { formatGoodput, type GoodputResult, runGoodput } from './goodput.js';
import { type Contender, runBundles, runImportTime, runMemory } from './phases.js';
import { checkTargets, formatNoiseWarning, formatTable, formatTargets, type TargetCheck } from './report.js';
import { type ClientSamples, emptySamples, summarize } from './results.js';
import { type GcPerCall, runPerProcessRounds } from './rounds-per-process.js';
import { formatScale, runScaleBench, scaleSizes, scaleSkips } from './scale.js';
import { startBenchServer } from './server-process.js';
import { median } from './stats.js';

const resultsPath = fileURLToPath(new URL('./results/latest.json', import.meta.url));

/** Runs one phase, printing its name and how long it took. */
async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  process.stdout.write(`${name}...\n`);
  const start = performance.now();
  const result = await run();
  process.stdout.write(`  ${name}: ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
  return result;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--harnesses')) {
    // Both harnesses, three runs each: the figures the docs cite (`harnesses.ts` reads its own arguments).
    await import('./harnesses.js');
    return;
  }
  if (args[0] === 'bulk') {
    const quick = args.includes('--quick');
    const unknown = args.slice(1).filter((arg) => arg !== '--quick');
    if (unknown.length > 0) throw new Error(`unknown bench argument(s): ${unknown.join(' ')} (known: bulk, --quick)`);
    await phase('bulk jobs against the bound of the limits', async () =>
      process.stdout.write(`\n${formatBulk(await runBulkBench({ quick }))}`),
    );
    return;
  }
  if (args[0] === 'scale') {
    const sizes = scaleSizes(args.slice(1));
    await phase('the emulator at the scale of real boards', async () =>
      process.stdout.write(`\n${formatScale(await runScaleBench(sizes, scaleSkips(args.slice(1))))}`),
    );
    return;
  }
  const { quick, config } = configFromArgs(args);
  const adapters = await loadAllAdapters();
  const allSamples: ClientSamples[] = [];
  const server = await startBenchServer();
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  let bareNodeMs = Number.NaN;
  let goodput: GoodputResult | undefined;
  let fleet: FleetBenchResult | undefined;
  let gc: GcPerCall | undefined;
  let bulk: Awaited<ReturnType<typeof runBulkBench>> | undefined;
  try {
    const contenders: Contender[] = [];
    for (const adapter of adapters) {
      const reason = adapter.unavailable();
      const samples = emptySamples(adapter.id, adapter.name, reason);
      allSamples.push(samples);
      if (reason) {
        process.stdout.write(`skipping ${adapter.name}: ${reason}\n`);
        continue;
      }
      // Measured in a process of its own, which checks its first call returns the boards.
      const call = () => Promise.reject(new Error(`${adapter.name} runs in its own process`));
      contenders.push({ adapter, call, samples });
    }
    process.stdout.write(`${quick ? 'quick' : 'full'} run against ${server.baseUrl}\n`);
    gc = await phase('latency, throughput, CPU (each client in its own process)', () =>
      runPerProcessRounds(contenders, server, config),
    );
    await phase('peak memory (one child process per client)', () => runMemory(contenders, server, config));
    bareNodeMs = await phase('import + construct (fresh node processes)', () => runImportTime(contenders, config));
    await phase('browser bundles', () => runBundles(contenders));
    if (contenders.some((contender) => contender.adapter.id === 'sdk')) {
      // The goodput case: 600 calls, 100 per 10 s window, 5 in flight (a 2 s window in a quick run).
      const windowSeconds = quick ? 2 : 10;
      goodput = await phase(`goodput under rate limits (${windowSeconds} s windows)`, () =>
        runGoodput({ calls: 600, quota: 100, windowSeconds, concurrency: 5 }),
      );
      fleet = await phase('many processes through Redis (fleet goodput, store overhead)', () =>
        runFleetBench(server.baseUrl, quick),
      );
      bulk = await phase('bulk jobs against the bound of the limits', () => runBulkBench({ quick }));
    }
  } finally {
    await server.close();
  }

  const raw = allSamples.find((samples) => samples.id === BASELINE_ID);
  if (!raw || raw.skipped) throw new Error('raw fetch, the baseline, was not measured');
  const summaries = allSamples.map((samples) => summarize(samples, raw, bareNodeMs));
  const sdk = summaries.find((summary) => summary.id === 'sdk');
  const targets: TargetCheck[] = sdk && !sdk.skipped ? checkTargets(sdk, config) : [];

  process.stdout.write(`\n${formatTable(summaries, config.inFlight)}\n`);
  process.stdout.write(`(medians over rounds; bare node starts in ${bareNodeMs.toFixed(0)} ms)\n`);
  if (gc) {
    const perClient = summaries
      .filter((summary) => !summary.skipped)
      .map((summary) => {
        const own = gc?.get(summary.id);
        return `${summary.name} ${median(own?.concurrent ?? []).toFixed(1)} / ${median(own?.sequential ?? []).toFixed(1)}`;
      });
    process.stdout.write(`(garbage collection per call in µs, at 64 / at 1 in flight: ${perClient.join('; ')})\n`);
  }
  process.stdout.write('\n');
  const loadAverage = Math.max(loadBefore, loadavg()[0] ?? 0);
  process.stdout.write(formatNoiseWarning(raw.callsPerSecond, loadAverage, availableParallelism()));
  const serverBound = summaries.filter((summary) => summary.serverCpuShare > 0.9);
  for (const summary of serverBound) {
    process.stdout.write(
      `warning: the server used ${(summary.serverCpuShare * 100).toFixed(0)}% of a core during ${summary.name}'s throughput runs; that ratio may be server-bound\n`,
    );
  }
  process.stdout.write(
    targets.length > 0
      ? `Targets for ${sdk?.name}${quick ? ' (quick run: noisy, a smoke test only)' : ''}:\n${formatTargets(targets)}\n`
      : `Targets not judged: ${sdk?.skipped ?? 'the SDK was not measured'}\n`,
  );
  if (goodput) process.stdout.write(formatGoodput(goodput));
  if (fleet) process.stdout.write(formatFleet(fleet));
  if (bulk) process.stdout.write(formatBulk(bulk));

  const result = {
    generatedAt: new Date().toISOString(),
    quick,
    config,
    environment: {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      cpus: availableParallelism(),
      loadAverage,
    },
    durationSeconds: (performance.now() - started) / 1000,
    bareNodeMs,
    clients: summaries,
    samples: allSamples,
    targets,
    goodput,
    fleet,
    gcMicrosPerCall: gc ? Object.fromEntries(gc) : undefined,
    bulk,
  };
  await mkdir(dirname(resultsPath), { recursive: true });
  await writeFile(resultsPath, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`\nwrote ${resultsPath} (bench took ${result.durationSeconds.toFixed(0)} s)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
