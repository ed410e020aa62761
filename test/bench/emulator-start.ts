/**
 * How fast the emulator starts as it grows: in fresh `node` processes, each loading the built
 * `dist/emulator/index.js` as an app does, the time to import it, to `startEmulator()` (listening), and
 * then to answer the first request of each served version in turn (a version's schema is built on first
 * use and shared by every emulator of the process), wall time and the process's CPU. A second emulator
 * started afterwards in the same process shows what is shared.
 *
 * `npm run build && npx tsx test/bench/emulator-start.ts [--runs 5]`: medians over the runs, one process a run.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runJsonChild } from './measure/json-child.js';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
const entry = new URL('../../dist/emulator/index.js', import.meta.url);
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag >= 0 ? Math.max(1, Number(process.argv[runsFlag + 1]) || 5) : 5;

/** The script one child runs: prints one JSON line of timings in ms. */
const childScript = `
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const mark = () => ({ wall: performance.now(), cpu: cpu() });
const since = (from) => { const now = mark(); return { wall: now.wall - from.wall, cpu: now.cpu - from.cpu }; };
let at = mark();
const { startEmulator, DEMO_TOKEN } = await import(${JSON.stringify(entry.href)});
const out = { import: since(at) };
at = mark();
const emulator = await startEmulator();
out.start = since(at);
const ask = async (version) => {
  const response = await fetch(emulator.baseUrl + '/v2', {
    method: 'POST',
    headers: { Authorization: DEMO_TOKEN, 'API-Version': version, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ boards(limit: 1) { id name } }' }),
  });
  const body = await response.json();
  if (!body.data) throw new Error('no data at ' + version + ': ' + JSON.stringify(body).slice(0, 200));
};
out.firstRequest = {};
for (const version of ${JSON.stringify(['2025-04', '2025-10', '2026-01', '2026-04', '2026-07', '2026-10'])}) {
  at = mark();
  await ask(version);
  out.firstRequest[version] = since(at);
}
at = mark();
const second = await startEmulator();
out.secondStart = since(at);
await second.close();
await emulator.close();
process.stdout.write(JSON.stringify(out) + '\\n');
`;

interface Timing {
  wall: number;
  cpu: number;
}
interface RunResult {
  import: Timing;
  start: Timing;
  secondStart: Timing;
  firstRequest: Record<string, Timing>;
}

function runChild(): Promise<RunResult> {
  return runJsonChild<RunResult>(['--input-type=module', '-e', childScript], 'emulator-start child', packageRoot);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

if (!existsSync(entry)) {
  console.error('dist/emulator/index.js is missing: run `npm run build` first.');
  process.exit(1);
}

const results: RunResult[] = [];
for (let run = 0; run < runs; run += 1) results.push(await runChild());

const rows: [string, Timing[]][] = [
  ['import dist/emulator', results.map((r) => r.import)],
  ['startEmulator() (listening)', results.map((r) => r.start)],
  ...Object.keys(results[0]?.firstRequest ?? {}).map((version): [string, Timing[]] => [
    `first request at ${version}`,
    results.map((r) => r.firstRequest[version] ?? { wall: Number.NaN, cpu: Number.NaN }),
  ]),
  ['a second startEmulator() in the process', results.map((r) => r.secondStart)],
];
console.log(`| step (medians of ${runs} fresh processes) | wall | CPU |`);
console.log('|---|---|---|');
for (const [label, timings] of rows) {
  const wall = median(timings.map((t) => t.wall));
  const cpu = median(timings.map((t) => t.cpu));
  console.log(`| ${label} | ${wall.toFixed(1)} ms | ${cpu.toFixed(1)} ms |`);
}
