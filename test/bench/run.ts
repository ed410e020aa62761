/**
 * `npm run bench [-- --quick]`: the performance budget. Compares raw fetch, graphql-request,
 * the platform's official client and this SDK against a local server in another process, prints
 * ratios to raw fetch with absolute medians, judges the SDK against its targets and writes
 * `test/bench/results/latest.json`. Exits 0 whether targets are met or not; non-zero only on failure.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASELINE_ID, loadAllAdapters } from './clients/index.js';
import { configFromArgs } from './config.js';
import { formatGoodput, type GoodputResult, runGoodput } from './goodput.js';
import { type Contender, runBundles, runImportTime, runMemory, verifyCall } from './phases.js';
import { checkTargets, formatNoiseWarning, formatTable, formatTargets, type TargetCheck } from './report.js';
import { type ClientSamples, emptySamples, summarize } from './results.js';
import { runInProcessRounds } from './rounds.js';
import { startBenchServer } from './server-process.js';

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
  const { quick, config } = configFromArgs(process.argv.slice(2));
  const adapters = await loadAllAdapters();
  const allSamples: ClientSamples[] = [];
  const server = await startBenchServer();
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  let bareNodeMs = Number.NaN;
  let goodput: GoodputResult | undefined;
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
      const call = await adapter.setup(server.baseUrl);
      await verifyCall(adapter.name, call);
      contenders.push({ adapter, call, samples });
    }
    process.stdout.write(`${quick ? 'quick' : 'full'} run against ${server.baseUrl}\n`);
    await phase('latency, throughput, CPU', () => runInProcessRounds(contenders, server, config));
    await phase('peak memory (one child process per client)', () => runMemory(contenders, server, config));
    bareNodeMs = await phase('import + construct (fresh node processes)', () => runImportTime(contenders, config));
    await phase('browser bundles', () => runBundles(contenders));
    if (contenders.some((contender) => contender.adapter.id === 'sdk')) {
      // The goodput case: 600 calls, 100 per 10 s window, 5 in flight (a 2 s window in a quick run).
      const windowSeconds = quick ? 2 : 10;
      goodput = await phase(`goodput under rate limits (${windowSeconds} s windows)`, () =>
        runGoodput({ calls: 600, quota: 100, windowSeconds, concurrency: 5 }),
      );
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
  process.stdout.write(`(medians over rounds; bare node starts in ${bareNodeMs.toFixed(0)} ms)\n\n`);
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
  };
  await mkdir(dirname(resultsPath), { recursive: true });
  await writeFile(resultsPath, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`\nwrote ${resultsPath} (bench took ${result.durationSeconds.toFixed(0)} s)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
