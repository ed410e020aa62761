/**
 * `npx tsx test/bench/harness-compare.ts [--rounds 7] [--passes 2]`: the per-call measures of `npm run bench` by both
 * harnesses, set side by side against the same bench server: every client in one process (`rounds.ts`, how the bench
 * measured before) and each client in its own process (`rounds-per-process.ts`, how it measures now). The passes
 * alternate (one process, own processes, one process, ...) so the machine's load lands on both alike.
 *
 * It prints, per client and harness, the ratios to raw fetch (CPU per call and throughput at 64 in flight, p50 at one
 * in flight) and the garbage-collection time per call: in one process, what was collected during that client's
 * slices (whoever made the garbage); in its own process, its own. Where the two harnesses' ratios differ, these say
 * whether a client's garbage was paid in another's slice. Build first (`npm run build`): the SDK is the built one.
 */
import { argument } from './cli-args.js';
import { BASELINE_ID, loadAllAdapters } from './clients/index.js';
import { FULL_CONFIG } from './config.js';
import type { Contender } from './phases.js';
import { emptySamples, summarize } from './results.js';
import { runInProcessRounds } from './rounds.js';
import { runPerProcessRounds } from './rounds-per-process.js';
import { startBenchServer } from './server-process.js';
import { median } from './stats.js';

type Harness = 'one process' | 'own processes';

interface Tally {
  cpu: number[];
  throughput: number[];
  p50: number[];
  cpuSequential: number[];
  gcConcurrent: number[];
  gcSequential: number[];
  cpuMicros: number[];
}

async function main(): Promise<void> {
  const rounds = argument('rounds', 7);
  const passes = argument('passes', 2);
  const config = { ...FULL_CONFIG, rounds };
  const adapters = (await loadAllAdapters()).filter((adapter) => adapter.unavailable() === undefined);
  const server = await startBenchServer();
  const tallies = new Map<string, Tally>();
  const tally = (harness: Harness, id: string): Tally => {
    const key = `${harness}|${id}`;
    let found = tallies.get(key);
    if (!found) {
      found = {
        cpu: [],
        throughput: [],
        p50: [],
        cpuSequential: [],
        gcConcurrent: [],
        gcSequential: [],
        cpuMicros: [],
      };
      tallies.set(key, found);
    }
    return found;
  };
  try {
    for (let pass = 0; pass < passes * 2; pass += 1) {
      const harness: Harness = pass % 2 === 0 ? 'one process' : 'own processes';
      process.stdout.write(`pass ${pass + 1}/${passes * 2}: ${harness}\n`);
      const contenders: Contender[] = [];
      for (const adapter of adapters) {
        // In one process every client is set up here; in its own process each sets itself up in its child.
        const call = harness === 'one process' ? await adapter.setup(server.baseUrl) : async () => undefined;
        contenders.push({ adapter, call, samples: emptySamples(adapter.id, adapter.name) });
      }
      const gc =
        harness === 'one process'
          ? await runInProcessRounds(contenders, server, config)
          : await runPerProcessRounds(contenders, server, config);
      const raw = contenders.find((c) => c.adapter.id === BASELINE_ID)!.samples;
      for (const { adapter, samples } of contenders) {
        const { ratios } = summarize(samples, raw, 0);
        const entry = tally(harness, adapter.id);
        entry.cpu.push(ratios.cpuPerCall);
        entry.throughput.push(ratios.callsPerSecond);
        entry.p50.push(ratios.latencyP50);
        entry.cpuSequential.push(ratios.cpuPerCallSequential);
        entry.gcConcurrent.push(median(gc.get(adapter.id)?.concurrent ?? []));
        entry.gcSequential.push(median(gc.get(adapter.id)?.sequential ?? []));
        entry.cpuMicros.push(median(samples.cpuMicrosPerCall));
      }
    }
  } finally {
    await server.close();
  }
  const fixed = (values: number[], digits: number) => values.map((value) => value.toFixed(digits)).join(' / ');
  process.stdout.write(
    '\nper pass (ratios to raw fetch in the same pass; GC in µs per call; CPU in µs per call at 64 in flight)\n',
  );
  for (const adapter of adapters) {
    for (const harness of ['one process', 'own processes'] as const) {
      const entry = tally(harness, adapter.id);
      process.stdout.write(
        `${adapter.name.padEnd(24)} ${harness.padEnd(14)} CPU/call ${fixed(entry.cpu, 3)}  throughput ${fixed(entry.throughput, 3)}  p50 (1) ${fixed(entry.p50, 3)}  CPU/call (1) ${fixed(entry.cpuSequential, 3)}  CPU µs ${fixed(entry.cpuMicros, 0)}  GC µs/call at 64 ${fixed(entry.gcConcurrent, 1)}, at 1 ${fixed(entry.gcSequential, 1)}\n`,
      );
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `harness comparison failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
