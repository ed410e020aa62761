/**
 * Where the client's p50 latency at one call in flight goes: raw fetch, then a ladder of variants that each add
 * one thing the client does, up to the client itself (from `src/` and from the built `dist/`), all against the
 * bench server (its own process), interleaved in one process slice by slice in a rotated order. Each round
 * records every variant's p50 wall time and CPU per call at one in flight; figures are medians over the rounds,
 * ratios medians of per-round ratios to raw fetch.
 *
 * The ladder is ladder.ts's (raw fetch, the client's headers and body, `redirect: 'manual'`, the capped reader, the
 * watchdog, the rate-limit parse, the client with throttle and retries off, retries on, every default), with
 * `sdk dist, defaults` after it.
 *
 * `--with-64` runs 3,000 calls at 64 in flight of every variant before each round's slices, as `npm run bench`
 * does between its latency slices (its pool then holds 64 open connections and the throttle has seen a burst),
 * and also prints the ladder's CPU per call in those runs;
 * `--warm-64` does so once, in the warm-up. `--phases` adds raw fetch and the client through a fetch wrapper
 * that splits each call's median into before the send, fetch to response headers, and after the headers (the
 * transport alone is one of them). `--cold` times the same `parseRateLimit` first after the socket wait and right
 * after that, instead of the ladder. `--only 'a|b'` runs those variants beside raw fetch (`--alone`: without it, for
 * `node --cpu-prof --import tsx test/bench/p50-steps.ts --alone --only ...`). `--baseline <dir>` adds the client from
 * another checkout's `src/` (see call-cost.ts), with every default and with throttle and retries off.
 *
 * Run: `npx tsx test/bench/p50-steps.ts [--rounds 15] [--calls 400] [--with-64] [--phases] [--cold] [--only 'a|b']
 * [--baseline dir]`
 * (`npm run build` first for the dist row). Not part of `npm test`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseRateLimit } from '../../src/client/rate-limit/rate-limit.js';
import { sendRequest } from '../../src/client/request/transport.js';
import { PlatformClient } from '../../src/index.js';
import { argument, textArgument } from './cli-args.js';
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES } from './fixture.js';
import { type Call, type ClientClass, clientRequest, firstAttempt, ladder } from './ladder.js';
import { runConcurrentCalls } from './measure/throughput.js';
import { startBenchServer } from './server-process.js';
import { median, percentile, rotate } from './stats.js';

const ROUNDS = argument('rounds', 15);
const CALLS = argument('calls', 400);

/**
 * With `--phases`, the `timed` variants go through this fetch, which notes when fetch was called and when its
 * response headers came: a call splits into before the send, fetch to headers, and after the headers.
 */
const timing = { sent: Number.NaN, answered: Number.NaN };

const timedFetch: typeof fetch = async (input, init) => {
  timing.sent = performance.now();
  const response = await globalThis.fetch(input, init);
  timing.answered = performance.now();
  return response;
};

async function variants(baseUrl: string): Promise<Record<string, Call>> {
  const all = ladder(baseUrl);
  if (process.argv.includes('--phases')) {
    const url = `${baseUrl}/v2`;
    all['raw fetch, timed'] = async () => {
      const response = await timedFetch(url, {
        method: 'POST',
        headers: { Authorization: BENCH_TOKEN, 'API-Version': BENCH_API_VERSION, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
      });
      return ((await response.json()) as { data?: unknown }).data;
    };
    const request = clientRequest(url, timedFetch);
    const attempt = firstAttempt();
    all['sendRequest with watchdog, timed'] = async () => (await sendRequest(request, attempt)).payload;
    const Client = PlatformClient as unknown as ClientClass;
    const timedBare = new Client({ token: BENCH_TOKEN, baseUrl, throttle: false, fetch: timedFetch });
    const timedDefaults = new Client({ token: BENCH_TOKEN, baseUrl, fetch: timedFetch });
    all['sdk src, throttle off, timed'] = () => timedBare.boards({ limit: 5 });
    all['sdk src, defaults, timed'] = () => timedDefaults.boards({ limit: 5 });
  }
  const baseline = textArgument('baseline');
  if (baseline !== undefined) {
    const module = (await import(pathToFileURL(resolve(baseline, 'src/index.ts')).href)) as {
      PlatformClient: ClientClass;
    };
    const oldBare = new module.PlatformClient({ token: BENCH_TOKEN, baseUrl, throttle: false, retry: false });
    const oldDefaults = new module.PlatformClient({ token: BENCH_TOKEN, baseUrl });
    all['baseline, throttle and retry off'] = () => oldBare.boards({ limit: 5 });
    all['baseline, defaults'] = () => oldDefaults.boards({ limit: 5 });
  }
  const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
  if (existsSync(dist)) {
    const module = (await import(pathToFileURL(dist).href)) as { PlatformClient: ClientClass };
    const built = new module.PlatformClient({ token: BENCH_TOKEN, baseUrl });
    all['sdk dist, defaults'] = () => built.boards({ limit: 5 });
  }
  const only = textArgument('only');
  if (only === undefined) return all;
  const chosen: Record<string, Call> = process.argv.includes('--alone')
    ? {}
    : { 'raw fetch': all['raw fetch'] as Call };
  for (const name of only.split('|')) {
    const call = all[name];
    if (!call) throw new Error(`no variant '${name}'; variants: ${Object.keys(all).join(', ')}`);
    chosen[name] = call;
  }
  return chosen;
}

/**
 * `--cold`: the same `parseRateLimit` timed as the first work on a fresh response after the socket wait, and on
 * another response's headers right after it (the state text differs, so neither is answered from its cache).
 */
async function coldAndWarm(baseUrl: string): Promise<void> {
  const init = {
    method: 'POST',
    headers: { Authorization: BENCH_TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
  };
  const cold: number[] = [];
  const warm: number[] = [];
  let previous: Headers | undefined;
  for (let i = 0; i < CALLS * ROUNDS; i += 1) {
    const response = await fetch(`${baseUrl}/v2`, init);
    await response.json();
    const start = performance.now();
    parseRateLimit(response.headers);
    const middle = performance.now();
    if (previous) parseRateLimit(previous);
    const end = performance.now();
    previous = response.headers;
    if (i >= 500) {
      cold.push((middle - start) * 1000);
      warm.push((end - middle) * 1000);
    }
  }
  const cells = [median(cold), median(warm)].map((value) => value.toFixed(2));
  console.log(`  parseRateLimit, first after the socket wait: ${cells[0]} µs; right after that: ${cells[1]} µs`);
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    if (process.argv.includes('--cold')) {
      await coldAndWarm(server.baseUrl);
      return;
    }
    const calls = await variants(server.baseUrl);
    const names = Object.keys(calls);
    for (const name of names) for (let i = 0; i < 1000; i += 1) await (calls[name] as Call)(); // warm-up
    // As the bench's rounds do: calls at 64 in flight between the one-in-flight slices.
    const withConcurrent = process.argv.includes('--with-64');
    if (process.argv.includes('--warm-64'))
      for (const name of names) await runConcurrentCalls(calls[name] as Call, 3000, 64);
    const p50: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const cpu64: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const durations = new Array<number>(CALLS);
    const phases = [new Array<number>(CALLS), new Array<number>(CALLS), new Array<number>(CALLS)] as const;
    const phaseMedians: Record<string, [number[], number[], number[]]> = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      if (withConcurrent) {
        for (const name of rotate(names, round)) {
          const run = await runConcurrentCalls(calls[name] as Call, 3000, 64);
          cpu64[name]?.push(run.cpuMicros / 3000);
        }
      }
      for (const name of rotate(names, round)) {
        const call = calls[name] as Call;
        const before = process.cpuUsage();
        timing.sent = Number.NaN;
        for (let i = 0; i < CALLS; i += 1) {
          const start = performance.now();
          await call();
          const end = performance.now();
          durations[i] = end - start;
          phases[0][i] = timing.sent - start;
          phases[1][i] = timing.answered - timing.sent;
          phases[2][i] = end - timing.answered;
        }
        const used = process.cpuUsage(before);
        p50[name]?.push(percentile(durations, 0.5) * 1000);
        cpu[name]?.push((used.user + used.system) / CALLS);
        if (!Number.isNaN(timing.sent)) {
          phaseMedians[name] ??= [[], [], []];
          const table = phaseMedians[name] as [number[], number[], number[]];
          for (const [index, values] of phases.entries()) table[index]?.push(median(values) * 1000);
        }
      }
    }
    const ratio = (table: Record<string, number[]>, name: string) =>
      median((table[name] ?? []).map((value, index) => value / ((table['raw fetch'] ?? [])[index] ?? Number.NaN)));
    console.log(`1 in flight, ${CALLS} calls per slice, ${ROUNDS} rounds (medians)`);
    console.log(
      `  ${'variant'.padEnd(34)} ${'p50 µs'.padStart(8)} ${'ratio'.padStart(7)} ${'CPU µs/call'.padStart(12)} ${'ratio'.padStart(7)}`,
    );
    for (const name of names) {
      const cells = [
        median(p50[name] ?? [])
          .toFixed(1)
          .padStart(8),
        ratio(p50, name).toFixed(3).padStart(7),
        median(cpu[name] ?? [])
          .toFixed(1)
          .padStart(12),
        ratio(cpu, name).toFixed(3).padStart(7),
      ];
      console.log(`  ${name.padEnd(34)} ${cells.join(' ')}`);
    }
    if (withConcurrent) {
      console.log('  CPU per call of the 64-in-flight runs (3,000 calls each, before every round):');
      for (const name of names) {
        const perCall = median(cpu64[name] ?? []).toFixed(1);
        console.log(`  ${name.padEnd(34)} ${perCall.padStart(8)} µs ${ratio(cpu64, name).toFixed(3).padStart(7)}`);
      }
    }
    for (const [name, [before, fetching, after]] of Object.entries(phaseMedians)) {
      const cells = [before, fetching, after].map((values) => median(values).toFixed(1).padStart(7));
      console.log(`  ${name}: before the send ${cells[0]} µs, fetch to headers ${cells[1]} µs, after ${cells[2]} µs`);
    }
  } finally {
    await server.close();
  }
}

await main();
