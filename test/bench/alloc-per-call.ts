/**
 * Bytes allocated per call: the V8 heap's growth over `--calls` calls divided by their number, each variant of the
 * ladder (ladder.ts) alone in a fresh `node` process whose young generation is large enough (`--semi-space`, 512 MB
 * by default) that no collection runs while the calls are counted. The child warms up (`--warm-up` calls, 3,000), runs
 * a full collection, makes 1,000 more calls, then reads `heapUsed` before and after the counted calls; a `gc` entry
 * observed in between voids the count (the line says so). Against the at-once fetch (fixture.ts) or, with
 * `--socket`, the bench server in its own process, one call at a time or `--in-flight n` at once. The collector's
 * work grows with these bytes: a scavenge comes every young-generation-full of them.
 *
 * Run: `npx tsx test/bench/alloc-per-call.ts [--socket] [--in-flight 64] [--calls 5000] [--runs 3] [--only 'a|b']`.
 * `--child <variant>` is the process the driver starts. Not part of `npm test`.
 */
import { execFile } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { argument, textArgument } from './cli-args.js';
import { instantFetch } from './fixture.js';
import { type Call, ladder } from './ladder.js';
import { startBenchServer } from './server-process.js';
import { median } from './stats.js';

const IN_FLIGHT = argument('in-flight', 1);

/** `count` calls, one at a time or `IN_FLIGHT` at once; the loop itself allocates only its promises. */
async function calls(call: Call, count: number): Promise<void> {
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started += 1;
      await call();
    }
  };
  if (IN_FLIGHT <= 1) return worker();
  const workers: Promise<void>[] = [];
  for (let i = 0; i < Math.min(IN_FLIGHT, count); i += 1) workers.push(worker());
  await Promise.all(workers);
}

/** The child: warm up, collect, then print `bytes gcs` for the counted calls as one JSON line. */
async function child(name: string, count: number): Promise<void> {
  const baseUrl = textArgument('base-url');
  const all = ladder(
    baseUrl ?? 'http://bench.invalid',
    baseUrl === undefined ? (instantFetch as typeof fetch) : undefined,
  );
  const call = all[name];
  if (!call) throw new Error(`no variant '${name}'`);
  await calls(call, argument('warm-up', 3000));
  (globalThis as { gc?: () => void }).gc?.();
  await calls(call, 1000);
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  const before = process.memoryUsage().heapUsed;
  await calls(call, count);
  const after = process.memoryUsage().heapUsed;
  // gc entries are delivered on a later tick.
  await new Promise((resolveLater) => setTimeout(resolveLater, 50));
  observer.disconnect();
  process.stdout.write(`${JSON.stringify({ bytes: (after - before) / count, collections })}\n`);
}

function runChild(
  name: string,
  count: number,
  baseUrl: string | undefined,
): Promise<{ bytes: number; collections: number }> {
  const semiSpace = argument('semi-space', 512);
  const args = [`--min-semi-space-size=${semiSpace}`, `--max-semi-space-size=${semiSpace}`, '--expose-gc'];
  args.push('--import', 'tsx', fileURLToPath(import.meta.url), '--child', name, '--calls', String(count));
  for (const flag of ['in-flight', 'warm-up']) {
    const value = textArgument(flag);
    if (value !== undefined) args.push(`--${flag}`, value);
  }
  if (baseUrl !== undefined) args.push('--base-url', baseUrl);
  return new Promise((resolveRun, reject) => {
    execFile(process.execPath, args, { maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) return reject(error);
      const line = stdout.trim().split('\n').at(-1) ?? '';
      resolveRun(JSON.parse(line) as { bytes: number; collections: number });
    });
  });
}

async function driver(): Promise<void> {
  const count = argument('calls', 5000);
  const runs = argument('runs', 3);
  const only = textArgument('only');
  const all = Object.keys(ladder('http://bench.invalid', instantFetch as typeof fetch));
  const names = only === undefined ? all : only.split('|');
  const server = process.argv.includes('--socket') ? await startBenchServer() : undefined;
  const where = server ? `over a socket, ${IN_FLIGHT} in flight` : `instant fetch, ${IN_FLIGHT} in flight`;
  console.log(`bytes allocated per call, ${where}, ${count} calls, median of ${runs} fresh process(es)`);
  try {
    for (const name of names) {
      const results: number[] = [];
      let collections = 0;
      for (let run = 0; run < runs; run += 1) {
        const result = await runChild(name, count, server?.baseUrl);
        results.push(result.bytes);
        collections += result.collections;
      }
      const spread = results.map((bytes) => Math.round(bytes)).join(', ');
      const void_ = collections > 0 ? ` (${collections} collection(s) ran: not a count)` : '';
      console.log(
        `  ${name.padEnd(36)} ${String(Math.round(median(results))).padStart(7)} B (runs: ${spread})${void_}`,
      );
    }
  } finally {
    await server?.close();
  }
}

const childName = textArgument('child');
if (childName === undefined) await driver();
else await child(childName, argument('calls', 5000));
