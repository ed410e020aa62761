/**
 * Instructions per call, counted by `valgrind --tool=callgrind`: a figure the machine's load does not move. Each
 * variant makes its calls one at a time against a `fetch` that answers at once (the bench server's body, a
 * `RateLimit` that counts down, as in own-cost.ts): raw fetch, the transport's steps (the capped read, the watchdog,
 * the rate-limit parse, as in p50-steps.ts) and the client. The child (node `--single-threaded`, so no compiler or
 * collector thread runs beside it) warms up uninstrumented (`--warm-up` calls, 3,000; a full collection; 1,000
 * more), then the driver turns callgrind's counting on with `callgrind_control` for `--calls` calls only, so
 * start-up, module loading and compilation stay out of the count. Runs of one variant then agree within about
 * 0.5%. `--runs` runs per variant; the median is printed.
 *
 * `--baseline <dir>` adds the client from another checkout's `src/` (see call-cost.ts).
 *
 * Run: `npx tsx test/bench/call-instructions.ts [--calls 2000] [--runs 3] [--only 'a|b'] [--baseline dir]`
 * (valgrind on the PATH; about a minute per run). `--child <variant> --count <n>` is the process the driver starts
 * under valgrind. Not part of `npm test`.
 */
import { execFile, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DeadlineWatchdog } from '../../src/client/attempt-deadline.js';
import { parseRateLimit } from '../../src/client/rate-limit.js';
import { sendRequest, type TransportRequest } from '../../src/client/transport.js';
import { PlatformClient } from '../../src/index.js';
import { argument, textArgument } from './cli-args.js';
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES, instantFetch } from './fixture.js';
import { median } from './stats.js';

type Call = () => Promise<unknown>;

const BASE_URL = 'http://bench.invalid';
const WARM_UP = argument('warm-up', 3000);

/** What the client sends for `boards({ limit: 5 })`: its printed document and its headers. */
const CLIENT_QUERY = 'query Boards($limit:Int,$ids:[ID!]){boards(limit:$limit,ids:$ids){id name owner{account{slug}}}}';
const CLIENT_HEADERS = Object.freeze({
  accept: 'application/graphql-response+json, application/json',
  authorization: `Bearer ${BENCH_TOKEN}`,
  'api-version': BENCH_API_VERSION,
  'content-type': 'application/json',
});

type ClientClass = new (options: {
  token: string;
  baseUrl: string;
  fetch: typeof fetch;
  throttle?: false;
  retry?: false;
}) => { boards(variables: { limit: number }): Promise<unknown> };

/** The client from `src/`, or from the `--baseline` checkout's. */
async function clientClass(baseline: boolean): Promise<ClientClass> {
  const dir = textArgument('baseline');
  if (!baseline) return PlatformClient as unknown as ClientClass;
  if (dir === undefined) throw new Error('a baseline variant needs --baseline <dir>');
  return ((await import(pathToFileURL(resolve(dir, 'src/index.ts')).href)) as { PlatformClient: ClientClass })
    .PlatformClient;
}

function variants(): Record<string, () => Promise<Call>> {
  const fetch = instantFetch as typeof globalThis.fetch;
  const client = (baseline: boolean, options: { throttle?: false; retry?: false }) => async (): Promise<Call> => {
    const Client = await clientClass(baseline);
    const built = new Client({ token: BENCH_TOKEN, baseUrl: BASE_URL, fetch, ...options });
    return () => built.boards({ limit: 5 });
  };
  const headers = { Authorization: BENCH_TOKEN, 'API-Version': BENCH_API_VERSION, 'Content-Type': 'application/json' };
  const request: TransportRequest = {
    url: `${BASE_URL}/v2`,
    fetch,
    query: CLIENT_QUERY,
    operationName: 'Boards',
    variables: { limit: 5 },
    headers: CLIENT_HEADERS,
    maxResponseBytes: 32 * 1024 * 1024,
  };
  const attempt = { number: 1, timeoutMs: 60_000, deadlines: new DeadlineWatchdog(), redact: (text: string) => text };
  return {
    'raw fetch': async () => async () => {
      const response = await instantFetch(`${BASE_URL}/v2`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
      });
      if (!response.ok) throw new Error(`raw fetch got HTTP ${response.status}`);
      return ((await response.json()) as { data?: unknown }).data;
    },
    // The transport's steps, as in p50-steps.ts: the capped read, the watchdog, the rate-limit parse.
    sendRequest: async () => () => sendRequest(request).then((response) => response.payload),
    'sendRequest with watchdog': async () => () => sendRequest(request, attempt).then((response) => response.payload),
    '+ rate-limit parse': async () => () =>
      sendRequest(request, attempt).then((response) => [response.payload, parseRateLimit(response.headers)]),
    'sdk, defaults': client(false, {}),
    'sdk, throttle and retry off': client(false, { throttle: false, retry: false }),
    'baseline, defaults': client(true, {}),
    'baseline, throttle and retry off': client(true, { throttle: false, retry: false }),
  };
}

/**
 * The child: warm up, say `ready` and wait for a line on stdin (the driver turns callgrind's counting on), make
 * `count` calls one at a time, say `done` and wait for another line (the driver turns counting off), then exit.
 */
async function child(name: string, count: number): Promise<void> {
  const make = variants()[name];
  if (!make) throw new Error(`no variant '${name}'`);
  const call = await make();
  for (let i = 0; i < WARM_UP; i += 1) await call();
  // A full collection, so that a major one the warm-up left due does not land in the counted calls, then calls
  // enough to compile again what the collection flushed.
  (globalThis as { gc?: () => void }).gc?.();
  for (let i = 0; i < 1000; i += 1) await call();
  const line = () => new Promise((resolveLine) => process.stdin.once('data', resolveLine));
  process.stdout.write('ready\n');
  await line();
  for (let i = 0; i < count; i += 1) await call();
  process.stdout.write('done\n');
  await line();
  process.exit(0);
}

/** Runs `callgrind_control` on the child to turn counting on or off. */
function control(pid: number, on: boolean): Promise<void> {
  return new Promise((resolveControl, reject) => {
    execFile('callgrind_control', ['-i', on ? 'on' : 'off', String(pid)], (error) =>
      error ? reject(error) : resolveControl(),
    );
  });
}

/** Instructions `count` calls of `name` executed, counted by callgrind between the child's `ready` and `done`. */
function countInstructions(name: string, count: number): Promise<number> {
  const script = fileURLToPath(import.meta.url);
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', '--instr-atstart=no', '--smc-check=all-non-file'];
  args.push(
    process.execPath,
    '--expose-gc',
    '--single-threaded',
    '--import',
    'tsx',
    script,
    '--child',
    name,
    '--count',
    String(count),
  );
  const dir = textArgument('baseline');
  if (dir !== undefined) args.push('--baseline', dir);
  const valgrind = spawn('valgrind', args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  valgrind.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  valgrind.stdout.on('data', async (chunk: Buffer) => {
    const said = chunk.toString();
    const pid = valgrind.pid as number;
    if (said.includes('ready')) await control(pid, true);
    if (said.includes('done')) await control(pid, false);
    valgrind.stdin.write('go\n');
  });
  return new Promise((resolveCount, reject) => {
    valgrind.on('close', () => {
      const match = /Collected : (\d+)/.exec(stderr);
      if (!match) return reject(new Error(`no instruction count for '${name}': ${stderr.slice(-2000)}`));
      resolveCount(Number(match[1]) / count);
    });
  });
}

async function driver(): Promise<void> {
  const calls = argument('calls', 2000);
  const runs = argument('runs', 1);
  const only = textArgument('only');
  const dir = textArgument('baseline');
  const all = Object.keys(variants()).filter((name) => dir !== undefined || !name.startsWith('baseline'));
  const names = only === undefined ? all : only.split('|');
  const perCall: Record<string, number> = {};
  for (const name of names) {
    const counts: number[] = [];
    for (let run = 0; run < runs; run += 1) counts.push(await countInstructions(name, calls));
    perCall[name] = median(counts);
    const spread = counts.map((value) => Math.round(value).toLocaleString('en-US')).join(', ');
    console.log(
      `  ${name.padEnd(36)} ${Math.round(median(counts)).toLocaleString('en-US').padStart(9)} instructions/call (${spread})`,
    );
  }
  const raw = perCall['raw fetch'];
  if (raw !== undefined) {
    for (const name of names) {
      if (name === 'raw fetch') continue;
      const own = (perCall[name] as number) - raw;
      console.log(`  ${name.padEnd(32)} ${Math.round(own).toLocaleString('en-US')} over raw fetch`);
    }
  }
}

const childName = textArgument('child');
if (childName === undefined) await driver();
else await child(childName, argument('count', 1000));
