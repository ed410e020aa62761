/**
 * Several builds of the SDK side by side in the one-process harness (`shared-process.ts`, the outside harness's
 * method): raw fetch, graphql-request and the platform's official client (unless `--no-others`), and each build given
 * as `name=path/to/dist/index.js`, all in this process, against the bench server pinned to the second core while this
 * process keeps the first. Each run prints every client's ratios to raw fetch (p50 at one in flight with the range of
 * its rounds, CPU per call and throughput at 64 in flight); the end, the p50 medians over runs. Give the same build
 * twice under two names (a copy of its `dist/`) to see what the harness reads for no difference at all.
 *
 * A build of an older commit: `git archive <commit> | tar -x -C <dir>`, link this repository's `node_modules` into
 * it, `node scripts/build.mjs` there.
 *
 * `--no-collect` leaves out the full collection before each slice (a probe of what it costs each client).
 *
 * Run: `npx tsx test/bench/builds-compare.ts [--runs 3] [--no-others] [--no-collect] name=dir/dist/index.js ...` (Linux, two cores
 * or more; about six minutes a run with six clients). Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { argument } from './cli-args.js';
import { loadAdapter } from './clients/index.js';
import { sdkBoardsCall } from './clients/sdk.js';
import type { ClientAdapter } from './clients/types.js';
import type { Contender } from './phases.js';
import { emptySamples, summarize } from './results.js';
import { startBenchServer } from './server-process.js';
import { runSharedProcessRounds, SHARED_CONFIG } from './shared-process.js';
import { median } from './stats.js';
import { verifyCall } from './verify-call.js';

const RUNS = argument('runs', 3);
const builds = process.argv
  .slice(2)
  .filter((arg) => arg.includes('='))
  .map((arg) => {
    const [name = '', path = ''] = arg.split('=');
    return { name, path: resolve(path) };
  });
if (builds.length === 0) throw new Error('name at least one build: name=path/to/dist/index.js');

/** A build as a client of the harness: its boards call, every default on. */
function buildAdapter(name: string, path: string): ClientAdapter {
  return {
    id: name,
    name,
    unavailable: () => undefined,
    importAndConstruct: '',
    bundleEntry: '',
    setup: (baseUrl) => sdkBoardsCall(path, baseUrl),
  };
}

const adapters: ClientAdapter[] = [await loadAdapter('raw-fetch')];
if (!process.argv.includes('--no-others')) {
  adapters.push(await loadAdapter('graphql-request'), await loadAdapter('official-client'));
}
for (const { name, path } of builds) adapters.push(buildAdapter(name, path));
// This process on the first core, the server on the second, as `npm run bench -- --harnesses` places them.
execFileSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' });
const server = await startBenchServer({ pinToCpu: 1 });
const p50s = new Map<string, number[]>();
try {
  for (let run = 0; run < RUNS; run += 1) {
    const contenders: Contender[] = [];
    for (const adapter of adapters) {
      const call = await adapter.setup(server.baseUrl);
      await verifyCall(adapter.name, call);
      contenders.push({ adapter, call, samples: emptySamples(adapter.id, adapter.name) });
    }
    await runSharedProcessRounds(contenders, server, {
      ...SHARED_CONFIG,
      collectBeforeSlice: !process.argv.includes('--no-collect'),
    });
    const raw = (contenders[0] as Contender).samples;
    process.stdout.write(`run ${run + 1}: raw fetch p50 ${median(raw.latencyP50Ms).toFixed(3)} ms\n`);
    for (const { adapter, samples } of contenders.slice(1)) {
      const { ratios } = summarize(samples, raw, 0);
      p50s.set(adapter.id, [...(p50s.get(adapter.id) ?? []), ratios.latencyP50]);
      const range = ratios.ranges.latencyP50.map((value) => value.toFixed(2)).join('-');
      process.stdout.write(
        `  ${adapter.name.padEnd(24)} p50 ${ratios.latencyP50.toFixed(3)} (${range})  CPU ${ratios.cpuPerCall.toFixed(2)}  throughput ${ratios.callsPerSecond.toFixed(2)}\n`,
      );
    }
  }
} finally {
  await server.close();
}
process.stdout.write('p50 at one in flight over raw fetch, median over runs (each run):\n');
for (const [id, values] of p50s) {
  process.stdout.write(
    `  ${id.padEnd(24)} ${median(values).toFixed(3)} (${values.map((v) => v.toFixed(3)).join(' / ')})\n`,
  );
}
