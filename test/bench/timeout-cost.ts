/**
 * What the per-attempt timeout costs per call: the client with its default timeout (one watchdog timer
 * per client, no AbortSignal per request) against the same client with the timeout off, and against a
 * timeout built the old way (an AbortController and a timer per call, its signal handed to fetch).
 * Raw fetch with and without a per-call AbortController + timer shows what the signal alone costs
 * Node's fetch. Everything runs in this process against the bench server in another, interleaved
 * slice by slice (rotated order) over several rounds; figures are medians of per-round ratios.
 *
 * Run: `npx tsx test/bench/timeout-cost.ts [--rounds 7] [--calls 3000]`. Not part of `npm test`.
 */
import { PlatformClient } from '../../src/index.js';
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES } from './fixture.js';
import { runConcurrentCalls } from './measure/throughput.js';
import { startBenchServer } from './server-process.js';
import { median, rotate } from './stats.js';

type Call = () => Promise<unknown>;

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? Number.NaN : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const ROUNDS = argument('rounds', 7);
const CALLS = argument('calls', 3000);
const IN_FLIGHT = [64, 1] as const;
const TIMEOUT_MS = 60_000;

function variants(baseUrl: string): Record<string, Call> {
  const withoutTimeout = new PlatformClient({ token: BENCH_TOKEN, baseUrl, timeoutMs: 0 });
  const withDefault = new PlatformClient({ token: BENCH_TOKEN, baseUrl });
  const forSignal = new PlatformClient({ token: BENCH_TOKEN, baseUrl, timeoutMs: 0 });
  const url = `${baseUrl}/v2`;
  const headers = { Authorization: BENCH_TOKEN, 'API-Version': BENCH_API_VERSION, 'Content-Type': 'application/json' };
  const raw = async (signal?: AbortSignal) => {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }), signal });
    return ((await response.json()) as { data?: unknown }).data;
  };
  /** The old opt-in timeout, done per call: a controller, a timer, and the signal handed to fetch. */
  const withSignal = async <T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      return await run(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    'sdk, timeout off': () => withoutTimeout.boards({ limit: 5 }),
    'sdk, default 60 s timeout (watchdog)': () => withDefault.boards({ limit: 5 }),
    'sdk, AbortSignal + timer per call': () => withSignal((signal) => forSignal.boards({ limit: 5 }, { signal })),
    'raw fetch': () => raw(),
    'raw fetch, AbortSignal + timer per call': () => withSignal((signal) => raw(signal)),
  };
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    const calls = variants(server.baseUrl);
    const names = Object.keys(calls);
    for (const name of names) await runConcurrentCalls(calls[name] as Call, 500, 16); // warm-up
    for (const inFlight of IN_FLIGHT) {
      const total = inFlight === 1 ? Math.ceil(CALLS / 4) : CALLS;
      const perCall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const name of rotate(names, round)) {
          const run = await runConcurrentCalls(calls[name] as Call, total, inFlight);
          perCall[name]?.push(run.cpuMicros / total);
        }
      }
      console.log(`\n${inFlight} in flight, ${total} calls per slice, ${ROUNDS} rounds: CPU µs per call (median) and ratio`);
      const ratio = (name: string, base: string) =>
        median((perCall[name] ?? []).map((value, index) => value / ((perCall[base] ?? [])[index] ?? Number.NaN)));
      const range = (name: string, base: string) => {
        const ratios = (perCall[name] ?? []).map((value, index) => value / ((perCall[base] ?? [])[index] ?? Number.NaN));
        return `${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}`;
      };
      for (const name of names) {
        const base = name.startsWith('raw') ? 'raw fetch' : 'sdk, timeout off';
        console.log(
          `  ${name.padEnd(42)} ${median(perCall[name] ?? []).toFixed(1).padStart(7)} µs   ${ratio(name, base).toFixed(3)}× ${base} (rounds ${range(name, base)})`,
        );
      }
    }
  } finally {
    await server.close();
  }
}

await main();
