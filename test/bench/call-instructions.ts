/**
 * Instructions per call, counted by `valgrind --tool=callgrind`: a figure the machine's load does not move. Each
 * variant of the ladder (ladder.ts: raw fetch, the transport's steps, the client) makes its calls against a `fetch`
 * that answers at once (the bench server's body, a `RateLimit` that counts down, as in own-cost.ts), or with
 * `--socket` against the bench server in its own process (its instructions are not counted), one call at a time or
 * `--in-flight n` at once. The child (node `--single-threaded`, so no compiler or collector thread runs beside it)
 * warms up uninstrumented (`--warm-up` calls, 3,000; a full collection; 1,000 more), then the driver turns
 * callgrind's counting on with `callgrind_control` for `--calls` calls only, so start-up, module loading and
 * most compilation stay out of the count. What V8's compilers and collector still do inside it is printed apart
 * (see splitByKind): without them, runs of one variant agree within about 1%, with or without a socket. `--runs`
 * runs per variant; the median is printed. `--cache-sim` also simulates the caches and prints the misses per call
 * (instruction cache, first-level data cache, last level) besides the instructions. `--out-dir dir` keeps each
 * run's callgrind file there (one per variant and process), for `callgrind_annotate` (V8's built-ins and runtime
 * functions are named; JavaScript compiled at run time is not). `--warm-all` warms every variant up in the child
 * before the one counted, as `npm run bench` runs its clients in one process.
 *
 * `--baseline <dir>` adds the client from another checkout's `src/` (see call-cost.ts).
 *
 * Run: `npx tsx test/bench/call-instructions.ts [--socket] [--in-flight 64] [--calls 2000] [--runs 3] [--only 'a|b']
 * [--cache-sim] [--out-dir dir] [--baseline dir]` (valgrind on the PATH; about a minute per run, two over a socket).
 * `--child <variant> --count <n>` is the process the driver starts under valgrind. Not part of `npm test`.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { argument, textArgument } from './cli-args.js';
import { BENCH_TOKEN, instantFetch } from './fixture.js';
import { type Call, type ClientClass, ladder } from './ladder.js';
import { runConcurrentCalls } from './measure/throughput.js';
import { startBenchServer } from './server-process.js';
import { median } from './stats.js';

const WARM_UP = argument('warm-up', 3000);
const IN_FLIGHT = argument('in-flight', 1);

/** The ladder against the bench server at `--base-url`, or against the instant fetch; `--baseline`'s client too. */
async function variants(): Promise<Record<string, Call>> {
  const baseUrl = textArgument('base-url');
  const fetch = baseUrl === undefined ? (instantFetch as typeof globalThis.fetch) : undefined;
  const url = baseUrl ?? 'http://bench.invalid';
  const all = ladder(url, fetch);
  const dir = textArgument('baseline');
  if (dir !== undefined) {
    const { PlatformClient: Client } = (await import(pathToFileURL(resolve(dir, 'src/index.ts')).href)) as {
      PlatformClient: ClientClass;
    };
    const options = { token: BENCH_TOKEN, baseUrl: url, ...(fetch ? { fetch } : {}) };
    const oldDefaults = new Client(options);
    const oldBare = new Client({ ...options, throttle: false, retry: false });
    all['baseline, defaults'] = () => oldDefaults.boards({ limit: 5 });
    all['baseline, throttle and retry off'] = () => oldBare.boards({ limit: 5 });
  }
  return all;
}

/** `count` calls, one at a time or `IN_FLIGHT` at once. */
async function calls(call: Call, count: number): Promise<void> {
  if (IN_FLIGHT > 1) {
    await runConcurrentCalls(call, count, IN_FLIGHT);
    return;
  }
  for (let i = 0; i < count; i += 1) await call();
}

/**
 * The child: warm up, say `ready` and wait for a line on stdin (the driver turns callgrind's counting on), make
 * `count` calls one at a time, say `done` and wait for another line (the driver turns counting off), then exit.
 */
async function child(name: string, count: number): Promise<void> {
  const all = await variants();
  const call = all[name];
  if (!call) throw new Error(`no variant '${name}'`);
  // `--warm-all`: every variant warms up first in this process, as the bench runs its clients side by side.
  if (process.argv.includes('--warm-all')) for (const other of Object.values(all)) await calls(other, WARM_UP);
  await calls(call, WARM_UP);
  // A full collection, so that a major one the warm-up left due does not land in the counted calls, then calls
  // enough to compile again what the collection flushed.
  (globalThis as { gc?: () => void }).gc?.();
  await calls(call, 1000);
  const line = () => new Promise((resolveLine) => process.stdin.once('data', resolveLine));
  process.stdout.write('ready\n');
  await line();
  await calls(call, count);
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

/**
 * Events per call of `count` calls of `name`, counted by callgrind between the child's `ready` and `done`: `Ir`
 * (instructions), and with `--cache-sim` the misses (`I1mr`, `D1mr`, `D1mw`, `ILmr`, `DLmr`, `DLmw`) too.
 */
function countEvents(
  name: string,
  count: number,
  baseUrl: string | undefined,
  outDir: string,
): Promise<Record<string, number>> {
  const script = fileURLToPath(import.meta.url);
  const outFile = `${outDir}/${name.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.%p.callgrind`;
  const fileOf = (pid: number) => outFile.replace('%p', String(pid));
  const args = [
    '--tool=callgrind',
    `--callgrind-out-file=${outFile}`,
    '--instr-atstart=no',
    '--smc-check=all-non-file',
  ];
  if (process.argv.includes('--cache-sim')) args.push('--cache-sim=yes');
  const passed = ['--warm-all'].filter((flag) => process.argv.includes(flag));
  args.push(process.execPath, '--expose-gc', '--single-threaded', '--import', 'tsx', script);
  args.push('--child', name, '--count', String(count), ...passed);
  for (const flag of ['baseline', 'in-flight', 'warm-up']) {
    const value = textArgument(flag);
    if (value !== undefined) args.push(`--${flag}`, value);
  }
  if (baseUrl !== undefined) args.push('--base-url', baseUrl);
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
      const events = /Events {4}: ([\w ]+)/.exec(stderr)?.[1]?.trim().split(' ');
      const collected = /Collected : ([\d ]+)/.exec(stderr)?.[1]?.trim().split(' ');
      if (!events || !collected) return reject(new Error(`no counts for '${name}': ${stderr.slice(-2000)}`));
      const perCall = Object.fromEntries(events.map((event, index) => [event, Number(collected[index]) / count]));
      const split = splitByKind(fileOf(valgrind.pid as number));
      resolveCount({ ...perCall, compiler: split.compiler / count, gc: split.gc / count });
    });
  });
}

/**
 * Instructions of a callgrind file spent by V8's compilers (bytecode and optimised code, run on the main thread with
 * `--single-threaded`) and by its garbage collector, by function name. Both still run inside the counted calls (the
 * full collection after the warm-up deoptimises code whose maps died, and tiering up again takes thousands of calls;
 * a marking cycle lands in the counted calls or not), and both move by tens of thousands of instructions per call
 * between runs of one variant, so the driver prints the rest beside the total.
 */
function splitByKind(file: string): { compiler: number; gc: number } {
  const text = execFileSync('callgrind_annotate', ['--threshold=100', file], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString();
  let compiler = 0;
  let gc = 0;
  for (const line of text.split('\n')) {
    const match = /^\s*([\d,]+) \([ \d.]+%\)\s+(.*)$/.exec(line);
    if (!match || line.includes('PROGRAM TOTALS')) continue;
    const count = Number((match[1] as string).replaceAll(',', ''));
    const where = match[2] as string;
    if (COMPILER.test(where)) compiler += count;
    else if (GC.test(where)) gc += count;
  }
  return { compiler, gc };
}

const COMPILER = /compiler::|maglev::|Maglev|Turbofan|Compiler|Compile|BytecodeGenerator|interpreter::|Zone::|Zone\b/;
const GC =
  /Scaveng|Marking|MarkCompact|Sweep|Evacuat|Pretenur|RememberedSet|SlotSet|IteratePointers|SizeFromMap|Heap::|heap::base|MinorMC|GCTracer/;

/** Events shown with `--cache-sim`, after the instructions. */
const MISSES = ['I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw'];

async function driver(): Promise<void> {
  const count = argument('calls', 2000);
  const runs = argument('runs', 1);
  const only = textArgument('only');
  const dir = textArgument('baseline');
  const all = Object.keys(ladder('http://bench.invalid', instantFetch as typeof fetch));
  if (dir !== undefined) all.push('baseline, defaults', 'baseline, throttle and retry off');
  const names = only === undefined ? all : only.split('|');
  const server = process.argv.includes('--socket') ? await startBenchServer() : undefined;
  const keep = textArgument('out-dir');
  const outDir = keep ?? mkdtempSync(join(tmpdir(), 'call-instructions-'));
  const where = server ? `over a socket, ${IN_FLIGHT} in flight` : 'instant fetch, one at a time';
  console.log(`instructions per call, ${where}, ${count} calls, median of ${runs} run(s)`);
  const perCall: Record<string, { total: number; rest: number }> = {};
  const format = (value: number) => Math.round(value).toLocaleString('en-US');
  console.log(
    `  ${'variant'.padEnd(36)} ${'total'.padStart(9)} ${'compiler'.padStart(9)} ${'GC'.padStart(9)} ${'rest'.padStart(9)}`,
  );
  try {
    for (const name of names) {
      const counts: Record<string, number>[] = [];
      for (let run = 0; run < runs; run += 1) counts.push(await countEvents(name, count, server?.baseUrl, outDir));
      const of = (event: string) => counts.map((events) => events[event] as number);
      const rests = counts.map((events) => (events.Ir as number) - (events.compiler as number) - (events.gc as number));
      perCall[name] = { total: median(of('Ir')), rest: median(rests) };
      const cells = [median(of('Ir')), median(of('compiler')), median(of('gc')), median(rests)];
      const misses = MISSES.filter((event) => counts[0]?.[event] !== undefined)
        .map((event) => `${event} ${format(median(of(event)))}`)
        .join(', ');
      const spread = `runs: ${of('Ir').map(format).join(', ')}; rest ${rests.map(format).join(', ')}`;
      console.log(
        `  ${name.padEnd(36)} ${cells.map((cell) => format(cell).padStart(9)).join(' ')} (${spread})${misses ? `; ${misses}` : ''}`,
      );
    }
  } finally {
    await server?.close();
    if (keep === undefined) rmSync(outDir, { recursive: true, force: true });
  }
  const raw = perCall['raw fetch'];
  if (raw === undefined) return;
  console.log('  over raw fetch: total, and without compiler and GC');
  for (const name of names) {
    const figures = perCall[name];
    if (name === 'raw fetch' || !figures) continue;
    console.log(
      `  ${name.padEnd(36)} ${format(figures.total - raw.total).padStart(9)} ${format(figures.rest - raw.rest).padStart(9)}`,
    );
  }
}

const childName = textArgument('child');
if (childName === undefined) await driver();
else await child(childName, argument('count', 1000));
