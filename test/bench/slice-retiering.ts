/**
 * What a forced full collection between slices (the one-process harness's method, `shared-process.ts`) does to the
 * code a call runs: each client alone in a fresh `node --expose-gc --trace-deopt --trace-opt`, against the bench
 * server in its own process, makes `--warm-up` calls (4,000), then `--slices` times (4) collects all garbage and
 * makes `--calls` calls (2,000), as a slice does. V8's trace, read between the first and the last collection, gives
 * per slice: the optimised functions thrown away because an object their code embeds died ("weak objects"), the
 * functions optimised again, and, from the calls' own timing, the p50 of a slice's first 200 calls beside its last
 * 1,000. A function of the client's own among the thrown-away ones is re-tiered in every slice of that harness, and
 * in no slice of the own-process harness, which forces no collection.
 *
 * Clients: the bench's own adapters (clients/), raw fetch (its baseline request, `response.json()`) and the SDK from
 * the built `dist/index.js` (`npm run build` first), every default on.
 *
 * Run: `npx tsx test/bench/slice-retiering.ts [--slices 4] [--calls 2000] [--warm-up 4000]`. Not part of `npm test`.
 * `--child <adapter id> --base-url <url>` is the process the driver starts.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { argument, textArgument } from './cli-args.js';
import { loadAdapter } from './clients/index.js';
import { startBenchServer } from './server-process.js';
import { median } from './stats.js';

const SLICES = argument('slices', 4);
const CALLS = argument('calls', 2000);
const WARM_UP = argument('warm-up', 4000);
/** The bench's adapters measured (clients/): raw fetch, and the SDK's build with every default on. */
const VARIANTS = ['raw-fetch', 'sdk'] as const;
const MARK = '=== slice';

async function child(id: string, baseUrl: string): Promise<void> {
  const call = await (await loadAdapter(id)).setup(baseUrl);
  const collect = (globalThis as { gc?: () => void }).gc as () => void;
  for (let index = 0; index < WARM_UP; index += 1) await call();
  for (let slice = 0; slice < SLICES; slice += 1) {
    collect();
    process.stdout.write(`${MARK} ${slice}\n`);
    const durations: number[] = [];
    for (let index = 0; index < CALLS; index += 1) {
      const start = performance.now();
      await call();
      durations.push(performance.now() - start);
    }
    const first = median(durations.slice(0, 200)) * 1000;
    const last = median(durations.slice(-1000)) * 1000;
    process.stdout.write(`=== timing ${first.toFixed(1)} ${last.toFixed(1)}\n`);
  }
  process.stdout.write(`${MARK} end\n`);
}

/** Per slice after the first (the first collection also ends the warm-up's own tiering), what the trace shows. */
function readTrace(trace: string) {
  const slices = trace.split(`${MARK} `).slice(2, -1);
  const weak = slices.map((text) => text.split('\n').filter((line) => line.includes('reason: weak objects')));
  const reoptimised = slices.map((text) => text.split('\n').filter((line) => line.includes('completed optimizing')));
  const names = new Set<string>();
  for (const lines of weak) {
    for (const line of lines) {
      const name = /SharedFunctionInfo ?([^>]*)>/.exec(line)?.[1]?.trim();
      if (name) names.add(name);
    }
  }
  const timing = [...trace.matchAll(/=== timing ([\d.]+) ([\d.]+)/g)].slice(1);
  return {
    weak: median(weak.map((lines) => lines.length)),
    reoptimised: median(reoptimised.map((lines) => lines.length)),
    names: [...names].sort(),
    firstP50: median(timing.map((match) => Number(match[1]))),
    lastP50: median(timing.map((match) => Number(match[2]))),
  };
}

async function driver(): Promise<void> {
  const server = await startBenchServer();
  const self = fileURLToPath(import.meta.url);
  try {
    process.stdout.write(
      `a forced full collection before each slice of ${CALLS} calls, ${SLICES} slices after ${WARM_UP} warm-up calls (medians over slices 2..${SLICES})\n`,
    );
    for (const variant of VARIANTS) {
      const trace = await new Promise<string>((resolve, reject) => {
        execFile(
          process.execPath,
          [
            '--expose-gc',
            '--trace-deopt',
            '--trace-opt',
            '--import',
            'tsx',
            self,
            '--child',
            variant,
            '--base-url',
            server.baseUrl,
          ],
          { maxBuffer: 512 * 1024 * 1024, env: { ...process.env } },
          (error, stdout) => (error ? reject(error) : resolve(stdout)),
        );
      });
      const read = readTrace(trace);
      process.stdout.write(
        `  ${variant.padEnd(20)} per slice: ${read.weak} optimised functions thrown away (weak objects), ${read.reoptimised} optimised again; p50 of the first 200 calls ${read.firstP50.toFixed(1)} µs, of the last 1,000 ${read.lastP50.toFixed(1)} µs\n`,
      );
      process.stdout.write(`    thrown away: ${read.names.join(', ')}\n`);
    }
  } finally {
    await server.close();
  }
}

const variant = textArgument('child');
if (variant !== undefined) await child(variant, textArgument('base-url') as string);
else await driver();
