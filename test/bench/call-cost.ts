/**
 * Where the per-call gap to raw fetch goes: CPU per call and wall time of `boards(limit: 5)` for raw
 * fetch and for the client with every default on and with `throttle: false, retry: false`, against the
 * bench server with a `RateLimit` that counts down (`--ratelimit counting`, the default) or stays
 * constant (`--ratelimit constant`). Variants run interleaved slice by slice (rotated order) over several
 * rounds; figures are medians, ratios medians of per-round ratios.
 *
 * `--baseline <dir>` adds the client from another checkout's `src/` (extracted with
 * `git archive <commit> src generated | tar -x -C <dir>` under this repository so its packages resolve).
 * `--only <variant>` runs one variant alone, for `node --cpu-prof --import tsx test/bench/call-cost.ts`.
 *
 * Run: `npx tsx test/bench/call-cost.ts [--rounds 7] [--calls 3000] [--ratelimit constant] [--baseline dir]`.
 * Not part of `npm test`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PlatformClient } from '../../src/index.js';
import { argument, readJsonByReader, textArgument } from './cli-args.js';
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES } from './fixture.js';
import { runConcurrentCalls } from './measure/throughput.js';
import { startBenchServer } from './server-process.js';
import { median, rotate } from './stats.js';

type Call = () => Promise<unknown>;

const ROUNDS = argument('rounds', 7);
const CALLS = argument('calls', 3000);
const IN_FLIGHT = argument('in-flight', 64);
const RATE_LIMIT = textArgument('ratelimit') === 'constant' ? 'constant' : 'counting';

type ClientClass = new (options: {
  token: string;
  baseUrl: string;
  throttle?: false;
  retry?: false;
}) => { boards(variables: { limit: number }): Promise<unknown> };

function clientVariants(prefix: string, Client: ClientClass, baseUrl: string): Record<string, Call> {
  const defaults = new Client({ token: BENCH_TOKEN, baseUrl });
  const bare = new Client({ token: BENCH_TOKEN, baseUrl, throttle: false, retry: false });
  const all: Record<string, Call> = {
    [`${prefix}, defaults`]: () => defaults.boards({ limit: 5 }),
    [`${prefix}, throttle and retry off`]: () => bare.boards({ limit: 5 }),
  };
  if (process.argv.includes('--split')) {
    const unthrottled = new Client({ token: BENCH_TOKEN, baseUrl, throttle: false });
    const unretried = new Client({ token: BENCH_TOKEN, baseUrl, retry: false });
    all[`${prefix}, throttle off`] = () => unthrottled.boards({ limit: 5 });
    all[`${prefix}, retry off`] = () => unretried.boards({ limit: 5 });
  }
  return all;
}

async function variants(baseUrl: string): Promise<Record<string, Call>> {
  const url = `${baseUrl}/v2`;
  const headers = { Authorization: BENCH_TOKEN, 'API-Version': BENCH_API_VERSION, 'Content-Type': 'application/json' };
  const all: Record<string, Call> = {
    'raw fetch': async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
      });
      if (!response.ok) throw new Error(`raw fetch got HTTP ${response.status}`);
      return ((await response.json()) as { data?: unknown }).data;
    },
    ...clientVariants('sdk', PlatformClient as unknown as ClientClass, baseUrl),
  };
  if (process.argv.includes('--split')) {
    // Raw fetch reading its body the way the client does: a reader, chunk by chunk, then one decode and parse.
    const decoder = new TextDecoder();
    all['raw fetch, body by reader'] = async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
      });
      return readJsonByReader(response, decoder);
    };
  }
  const dir = textArgument('baseline');
  if (dir !== undefined) {
    const module = (await import(pathToFileURL(resolve(dir, 'src/index.ts')).href)) as { PlatformClient: ClientClass };
    Object.assign(all, clientVariants('baseline', module.PlatformClient, baseUrl));
  }
  const only = textArgument('only');
  if (only === undefined) return all;
  const chosen: Record<string, Call> = {};
  for (const name of only.split('|')) {
    const call = all[name];
    if (!call) throw new Error(`no variant '${name}'; variants: ${Object.keys(all).join(', ')}`);
    chosen[name] = call;
  }
  return chosen;
}

async function main(): Promise<void> {
  const server = await startBenchServer({ rateLimit: RATE_LIMIT });
  try {
    const calls = await variants(server.baseUrl);
    const names = Object.keys(calls);
    for (const name of names) await runConcurrentCalls(calls[name] as Call, 1000, 16); // warm-up
    const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const wall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of rotate(names, round)) {
        const run = await runConcurrentCalls(calls[name] as Call, CALLS, IN_FLIGHT);
        cpu[name]?.push(run.cpuMicros / CALLS);
        wall[name]?.push((run.wallMs * 1000) / CALLS);
      }
    }
    const ratio = (table: Record<string, number[]>, name: string) =>
      median((table[name] ?? []).map((value, index) => value / ((table['raw fetch'] ?? [])[index] ?? Number.NaN)));
    console.log(
      `RateLimit ${RATE_LIMIT}, ${IN_FLIGHT} in flight, ${CALLS} calls per slice, ${ROUNDS} rounds (medians)`,
    );
    console.log(
      `  ${'variant'.padEnd(36)} ${'CPU µs/call'.padStart(12)} ${'ratio'.padStart(7)} ${'wall µs/call'.padStart(13)} ${'ratio'.padStart(7)}`,
    );
    for (const name of names) {
      console.log(
        `  ${name.padEnd(36)} ${median(cpu[name] ?? [])
          .toFixed(1)
          .padStart(12)} ${ratio(cpu, name).toFixed(3).padStart(7)} ${median(wall[name] ?? [])
          .toFixed(1)
          .padStart(13)} ${ratio(wall, name).toFixed(3).padStart(7)}`,
      );
    }
  } finally {
    await server.close();
  }
}

await main();
