/**
 * One client alone in its own process, as an app runs it: the per-call measures of `npm run bench` (p50 latency,
 * throughput and CPU per call) run here, one slice at a time, when the bench asks. Its heap, its garbage and its
 * compiled code are its own, so another client's garbage is never collected during this client's slice, and code
 * shared by the clients (Node's fetch and streams) is optimised for this client's use alone.
 *
 * Usage: calls-child <client-id> <base-url>. Prints `{"ready":true}` once its client made one call and returned the
 * bench's boards; then reads one JSON command a line on stdin and answers each with one JSON line on stdout:
 * - `{ "op": "sequential", "calls": n }`: n calls one after another → `{ durationsMs, cpuMicros, gcMs, gcCount }`
 * - `{ "op": "concurrent", "calls": n, "inFlight": k }`: n calls, k at a time → `{ wallMs, durationsMs, cpuMicros,
 *   gcMs, gcCount }`
 * - `{ "op": "gc" }`: a full collection (the start of a round) → `{}`
 * The end of stdin ends it.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { loadAdapter } from '../clients/index.js';
import { verifyCall } from '../verify-call.js';
import { runSequentialCalls } from './latency.js';
import { runConcurrentCalls } from './throughput.js';

const [id = '', baseUrl = ''] = process.argv.slice(2);
if (!id || !baseUrl) throw new Error('usage: calls-child <client-id> <base-url>');

/** Garbage-collection time of this process since the last reading. */
let gcMs = 0;
let gcCount = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    gcCount += 1;
  }
}).observe({ entryTypes: ['gc'] });

/** The GC time and count since the last call, read after the entries of the slice were delivered. */
async function takeGc(): Promise<{ gcMs: number; gcCount: number }> {
  await new Promise((resolve) => setImmediate(resolve)); // performance entries arrive asynchronously
  const taken = { gcMs, gcCount };
  gcMs = 0;
  gcCount = 0;
  return taken;
}

const adapter = await loadAdapter(id);
const call = await adapter.setup(baseUrl);
await verifyCall(adapter.name, call);
await takeGc();
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line) as { op: string; calls?: number; inFlight?: number };
  let answer: object;
  if (command.op === 'gc') {
    globalThis.gc?.();
    await takeGc();
    answer = {};
  } else if (command.op === 'sequential') {
    const run = await runSequentialCalls(call, command.calls ?? 0);
    answer = { ...run, ...(await takeGc()) };
  } else if (command.op === 'concurrent') {
    const run = await runConcurrentCalls(call, command.calls ?? 0, command.inFlight ?? 1);
    answer = { ...run, ...(await takeGc()) };
  } else throw new Error(`unknown command ${command.op}`);
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
