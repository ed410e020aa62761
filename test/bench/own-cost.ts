/**
 * The client's own CPU per call, without sockets: `boards(limit: 5)` against a `fetch` that answers at once
 * with the bench server's body and headers (its `RateLimit` counting down as the platform's does), beside
 * raw fetch's own work on the same answer (`JSON.stringify` the request, `response.json()`). What is left
 * is the client's: options, throttle, body read, rate-limit parse, interpretation. Variants run interleaved
 * slice by slice (rotated order) over several rounds; figures are medians.
 *
 * `--split` adds the client with only the throttle off. `--baseline <dir>` adds the client from another checkout's `src/` (see call-cost.ts), `--only <variant>`
 * runs one variant alone, for `node --cpu-prof --import tsx test/bench/own-cost.ts --only 'sdk, defaults'`.
 *
 * Run: `npx tsx test/bench/own-cost.ts [--rounds 9] [--calls 20000] [--in-flight 64] [--baseline dir]`.
 * Not part of `npm test`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PlatformClient } from '../../src/index.js';
import { argument, textArgument } from './cli-args.js';
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES, instantFetch } from './fixture.js';
import { runConcurrentCalls } from './measure/throughput.js';
import { median, rotate } from './stats.js';

type Call = () => Promise<unknown>;

const ROUNDS = argument('rounds', 9);
const CALLS = argument('calls', 20_000);
const IN_FLIGHT = argument('in-flight', 64);
const BASE_URL = 'http://bench.invalid';

type ClientClass = new (options: {
  token: string;
  baseUrl: string;
  fetch: typeof fetch;
  throttle?: false;
  retry?: false;
}) => { boards(variables: { limit: number }): Promise<unknown> };

function clientVariants(prefix: string, Client: ClientClass): Record<string, Call> {
  const fetch = instantFetch as typeof globalThis.fetch;
  const defaults = new Client({ token: BENCH_TOKEN, baseUrl: BASE_URL, fetch });
  const bare = new Client({ token: BENCH_TOKEN, baseUrl: BASE_URL, fetch, throttle: false, retry: false });
  const all: Record<string, Call> = {
    [`${prefix}, defaults`]: () => defaults.boards({ limit: 5 }),
    [`${prefix}, throttle and retry off`]: () => bare.boards({ limit: 5 }),
  };
  if (process.argv.includes('--split')) {
    const unthrottled = new Client({ token: BENCH_TOKEN, baseUrl: BASE_URL, fetch, throttle: false });
    all[`${prefix}, throttle off`] = () => unthrottled.boards({ limit: 5 });
  }
  return all;
}

async function variants(): Promise<Record<string, Call>> {
  const url = `${BASE_URL}/v2`;
  const headers = { Authorization: BENCH_TOKEN, 'API-Version': BENCH_API_VERSION, 'Content-Type': 'application/json' };
  const all: Record<string, Call> = {
    'raw fetch': async () => {
      const response = await instantFetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
      });
      if (!response.ok) throw new Error(`raw fetch got HTTP ${response.status}`);
      return ((await response.json()) as { data?: unknown }).data;
    },
    ...clientVariants('sdk', PlatformClient as unknown as ClientClass),
  };
  const dir = textArgument('baseline');
  if (dir !== undefined) {
    const module = (await import(pathToFileURL(resolve(dir, 'src/index.ts')).href)) as { PlatformClient: ClientClass };
    Object.assign(all, clientVariants('baseline', module.PlatformClient));
  }
  const only = textArgument('only');
  if (only === undefined) return all;
  const call = all[only];
  if (!call) throw new Error(`no variant '${only}'; variants: ${Object.keys(all).join(', ')}`);
  return { [only]: call };
}

async function main(): Promise<void> {
  const calls = await variants();
  const names = Object.keys(calls);
  for (const name of names) await runConcurrentCalls(calls[name] as Call, 5000, IN_FLIGHT); // warm-up
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of rotate(names, round)) {
      const run = await runConcurrentCalls(calls[name] as Call, CALLS, IN_FLIGHT);
      cpu[name]?.push(run.cpuMicros / CALLS);
    }
  }
  const raw = cpu['raw fetch'] ?? [];
  console.log(`instant fetch, ${IN_FLIGHT} in flight, ${CALLS} calls per slice, ${ROUNDS} rounds (medians)`);
  console.log(`  ${'variant'.padEnd(36)} ${'CPU µs/call'.padStart(12)} ${'over raw'.padStart(9)}`);
  for (const name of names) {
    const own = median((cpu[name] ?? []).map((value, index) => value - (raw[index] ?? Number.NaN)));
    console.log(
      `  ${name.padEnd(36)} ${median(cpu[name] ?? [])
        .toFixed(2)
        .padStart(12)} ${(raw.length > 0 ? own : Number.NaN).toFixed(2).padStart(9)}`,
    );
  }
}

await main();
