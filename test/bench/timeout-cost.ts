/**
 * What the per-attempt timeout costs per call: the client with its default timeout (one watchdog timer
 * per client, no AbortSignal per request) against the same client with the timeout off, and against a
 * timeout built the old way (an AbortController and a timer per call, its signal handed to fetch).
 * Raw fetch with and without a per-call AbortController + timer shows what the signal alone costs
 * Node's fetch. Everything runs in this process against the bench server in another, interleaved
 * slice by slice (rotated order) over several rounds; figures are medians of per-round ratios.
 *
 * `--baseline <dir>` adds the client from another checkout's `src/` (e.g. the commit before the watchdog,
 * extracted with `git archive <commit> src generated | tar -x -C <dir>` under this repository so its
 * packages resolve), run with no timeout and with its own opt-in `timeoutMs`.
 *
 * Run: `npx tsx test/bench/timeout-cost.ts [--rounds 7] [--calls 3000] [--baseline dir]`. Not part of `npm test`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DeadlineWatchdog } from '../../src/client/request/attempt-deadline.js';
import { PlatformClient } from '../../src/index.js';
import { argument, textArgument } from './cli-args.js';
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES } from './fixture.js';
import { runConcurrentCalls } from './measure/throughput.js';
import { startBenchServer } from './server-process.js';
import { median, rotate } from './stats.js';

type Call = () => Promise<unknown>;

const ROUNDS = argument('rounds', 7);
const CALLS = argument('calls', 3000);
const IN_FLIGHT = [64, 1] as const;
const TIMEOUT_MS = 60_000;

type ClientClass = new (options: {
  token: string;
  baseUrl: string;
  timeoutMs?: number;
}) => {
  boards(variables: { limit: number }): Promise<unknown>;
};

/** The baseline checkout's client, both ways it could run: no timeout, and its opt-in timeout. */
async function baselineVariants(baseUrl: string): Promise<Record<string, Call>> {
  const dir = textArgument('baseline');
  if (dir === undefined) return {};
  const module = (await import(pathToFileURL(resolve(dir, 'src/index.ts')).href)) as { PlatformClient: ClientClass };
  const off = new module.PlatformClient({ token: BENCH_TOKEN, baseUrl, timeoutMs: 0 });
  const optIn = new module.PlatformClient({ token: BENCH_TOKEN, baseUrl, timeoutMs: TIMEOUT_MS });
  return {
    'baseline sdk, timeout off': () => off.boards({ limit: 5 }),
    'baseline sdk, opt-in 60 s timeout (AbortSignal)': () => optIn.boards({ limit: 5 }),
  };
}

function variants(baseUrl: string): Record<string, Call> {
  const withoutTimeout = new PlatformClient({ token: BENCH_TOKEN, baseUrl, timeoutMs: 0 });
  const withDefault = new PlatformClient({ token: BENCH_TOKEN, baseUrl });
  const forSignal = new PlatformClient({ token: BENCH_TOKEN, baseUrl, timeoutMs: 0 });
  const url = `${baseUrl}/v2`;
  const headers = { Authorization: BENCH_TOKEN, 'API-Version': BENCH_API_VERSION, 'Content-Type': 'application/json' };
  const raw = async (signal?: AbortSignal) => {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
      signal,
    });
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

/**
 * The mechanisms alone, without I/O: CPU per attempt of the watchdog (start, guard an already settled
 * fetch promise, finish) against an AbortController and a timer per attempt (create, clear).
 */
async function mechanismAlone(): Promise<void> {
  const iterations = 200_000;
  const settled = Promise.resolve(new Response(null));
  const watchdog = new DeadlineWatchdog();
  const runs: Record<string, () => Promise<unknown>> = {
    'watchdog: start + guard + finish': async () => {
      const deadline = watchdog.start(TIMEOUT_MS);
      await deadline.guard(settled);
      watchdog.finish(deadline);
    },
    'AbortController + setTimeout + clearTimeout': async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
      await settled;
      clearTimeout(timer);
      return controller.signal;
    },
    'nothing (await a settled promise)': async () => settled,
  };
  console.log(`\nThe mechanisms alone, ${iterations} attempts each, ${ROUNDS} rounds: CPU ns per attempt (median)`);
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of rotate(Object.keys(runs), round)) {
      const run = runs[name] as () => Promise<unknown>;
      const before = process.cpuUsage();
      for (let index = 0; index < iterations; index += 1) await run();
      const cpu = process.cpuUsage(before);
      samples[name]?.push(((cpu.user + cpu.system) * 1000) / iterations);
    }
  }
  for (const [name, values] of Object.entries(samples))
    console.log(`  ${name.padEnd(48)} ${median(values).toFixed(0).padStart(7)} ns`);
}

async function main(): Promise<void> {
  await mechanismAlone();
  const server = await startBenchServer();
  try {
    const calls = { ...variants(server.baseUrl), ...(await baselineVariants(server.baseUrl)) };
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
      console.log(
        `\n${inFlight} in flight, ${total} calls per slice, ${ROUNDS} rounds: CPU µs per call (median) and ratio`,
      );
      const ratio = (name: string, base: string) =>
        median((perCall[name] ?? []).map((value, index) => value / ((perCall[base] ?? [])[index] ?? Number.NaN)));
      const range = (name: string, base: string) => {
        const ratios = (perCall[name] ?? []).map(
          (value, index) => value / ((perCall[base] ?? [])[index] ?? Number.NaN),
        );
        return `${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}`;
      };
      for (const name of names) {
        const bases = name.startsWith('raw')
          ? ['raw fetch']
          : name.startsWith('baseline')
            ? ['baseline sdk, timeout off', 'sdk, timeout off']
            : ['sdk, timeout off'];
        const ratios = bases.map((base) => `${ratio(name, base).toFixed(3)}× ${base} (rounds ${range(name, base)})`);
        console.log(
          `  ${name.padEnd(48)} ${median(perCall[name] ?? [])
            .toFixed(1)
            .padStart(7)} µs   ${ratios.join('; ')}`,
        );
      }
    }
  } finally {
    await server.close();
  }
}

await main();
