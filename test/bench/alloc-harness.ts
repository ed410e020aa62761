/**
 * Bytes allocated per call by each client of `npm run bench`, in the two harnesses: alone in its own process (as the
 * bench measures now, and as an app runs it), and in one process beside the other clients, after the same warm-up the
 * in-process rounds gave them (every client warmed in turn, then measured in turn). Bytes are counted, not timed, so
 * the figures hold on a loaded machine, where CPU and GC times do not: the heap's growth over `--calls` calls in a
 * `node` whose young generation (512 MB) holds them all, a collection during the count voiding it. A collection
 * comes every young-generation-full of bytes, in whichever client's slice it falls: these bytes are what one client's
 * calls make the next client's slice pay for in one process.
 *
 * Run: `npx tsx test/bench/alloc-harness.ts [--calls 3000] [--runs 3] [--in-flight 64]`. Build first (the SDK is the
 * built one). `--child alone <id>` and `--child shared` are the processes it starts.
 */
import { execFile } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { argument, textArgument } from './cli-args.js';
import { ADAPTER_LOADERS, loadAdapter } from './clients/index.js';
import type { BoardsCall } from './clients/types.js';
import { runConcurrentCalls } from './measure/throughput.js';
import { startBenchServer } from './server-process.js';
import { median } from './stats.js';

const IN_FLIGHT = argument('in-flight', 64);
const CALLS = argument('calls', 3000);

/** `count` calls with `IN_FLIGHT` at once (one after another at 1). */
async function calls(call: BoardsCall, count: number): Promise<void> {
  if (IN_FLIGHT <= 1) {
    for (let index = 0; index < count; index += 1) await call();
    return;
  }
  await runConcurrentCalls(call, count, IN_FLIGHT);
}

/** Bytes per call of `call` over `CALLS` calls, or NaN when a collection ran during the count. */
async function bytesPerCall(call: BoardsCall): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  await calls(call, 200);
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  const before = process.memoryUsage().heapUsed;
  await calls(call, CALLS);
  const after = process.memoryUsage().heapUsed;
  await new Promise((resolve) => setTimeout(resolve, 50)); // gc entries arrive on a later tick
  observer.disconnect();
  return collections > 0 ? Number.NaN : (after - before) / CALLS;
}

/** A child: warm up one client alone (`alone <id>`) or every client in turn (`shared`), then count. */
async function child(mode: string, id: string | undefined, baseUrl: string): Promise<void> {
  const ids = mode === 'alone' && id ? [id] : Object.keys(ADAPTER_LOADERS);
  const clients = new Map<string, BoardsCall>();
  for (const name of ids) {
    const adapter = await loadAdapter(name);
    if (adapter.unavailable()) continue;
    clients.set(name, await adapter.setup(baseUrl));
  }
  // The in-process rounds' warm-up: each client 500 calls one at a time, then 3,000 at 64 in flight, in turn.
  for (const call of clients.values()) {
    for (let index = 0; index < 500; index += 1) await call();
    await runConcurrentCalls(call, 3000, 64);
  }
  const result: Record<string, number> = {};
  for (const [name, call] of clients) result[name] = await bytesPerCall(call);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runChild(args: string[]): Promise<Record<string, number>> {
  const node = ['--min-semi-space-size=512', '--max-semi-space-size=512', '--expose-gc', '--import', 'tsx'];
  const own = [fileURLToPath(import.meta.url), ...args, '--calls', String(CALLS), '--in-flight', String(IN_FLIGHT)];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...node, ...own], { maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) return reject(error);
      resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>);
    });
  });
}

async function driver(): Promise<void> {
  const runs = argument('runs', 3);
  const server = await startBenchServer();
  const alone = new Map<string, number[]>();
  const shared = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, name: string, value: number) => {
    if (!Number.isNaN(value)) map.set(name, [...(map.get(name) ?? []), value]);
  };
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const name of Object.keys(ADAPTER_LOADERS)) {
        const result = await runChild(['--child', 'alone', name, '--base-url', server.baseUrl]);
        for (const [key, value] of Object.entries(result)) push(alone, key, value);
      }
      const result = await runChild(['--child', 'shared', '-', '--base-url', server.baseUrl]);
      for (const [key, value] of Object.entries(result)) push(shared, key, value);
    }
  } finally {
    await server.close();
  }
  console.log(`bytes allocated per call, ${IN_FLIGHT} in flight, ${CALLS} calls, medians of ${runs} processes`);
  const rawAlone = median(alone.get('raw-fetch') ?? []);
  const rawShared = median(shared.get('raw-fetch') ?? []);
  for (const name of Object.keys(ADAPTER_LOADERS)) {
    const own = median(alone.get(name) ?? []);
    const beside = median(shared.get(name) ?? []);
    console.log(
      `  ${name.padEnd(16)} alone ${Math.round(own).toLocaleString('en-US').padStart(7)} B (${(own / rawAlone).toFixed(2)}x raw fetch)   beside the others ${Math.round(beside).toLocaleString('en-US').padStart(7)} B (${(beside / rawShared).toFixed(2)}x raw fetch)`,
    );
  }
}

const mode = textArgument('child');
if (mode === undefined) await driver();
else {
  const index = process.argv.indexOf('--child');
  await child(mode, process.argv[index + 2], textArgument('base-url') ?? '');
}
