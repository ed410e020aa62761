/**
 * The emulator at the scale of real boards: `npm run bench -- scale [--sizes 10000,100000]` (or
 * `npx tsx test/bench/scale.ts [--sizes ...] [--skip writeItems,importItems]`). Builds a board of each size in a fresh process (`scale-child.ts`:
 * the default seed plus that many items with three column values, every limit lifted) and measures memory per item,
 * creating that many items through `writeItems` and through `importItems` (ingest jobs), exporting the board with
 * `exportItems` (whole, and filtered to a third), a filtered `items_page` of 100 items (the first page, and a page
 * half way down its cursor) and a `boards` call beside it. Prints each step's wall and CPU time per size and the
 * ratio of the largest size to the smallest: 10x is linear for a tenfold board; a step that grows with the square of
 * the board reads near 100x. CPU time is the process's own (the emulator and the client share it), so it holds
 * better than wall time on a loaded machine; compare ratios within one run.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ScaleFigures } from './scale-child.js';

/** The steps, in the order printed, with what each measures. */
export const STEPS: readonly [string, string][] = [
  ['seed', 'start an emulator whose seed holds the board'],
  ['writeItems', 'writeItems: create as many items on an empty board'],
  ['importItems', 'importItems: as many rows through ingest jobs'],
  ['exportItems', 'exportItems: the whole board, pages of 500'],
  ['exportFiltered', 'exportItems: filtered to a third, pages of 500'],
  ['firstPage', 'filtered items_page of 100: the first page'],
  ['deepPage', 'filtered next_items_page of 100, half way down'],
  ['boards', 'boards(limit: 5) beside the board'],
];

const childPath = fileURLToPath(new URL('./scale-child.ts', import.meta.url));

/** Runs one size in a fresh process. */
function runSize(items: number, skip: readonly string[]): Promise<ScaleFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', childPath, String(items), skip.join(',')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`the ${items}-item run exited with ${code}`));
      else resolve(JSON.parse(line) as ScaleFigures);
    });
  });
}

const format = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(ms >= 100 ? 0 : 1)} ms`);

/** The table: each step's figures per size and the ratio of the last size to the first (CPU and wall). */
export function formatScale(results: readonly ScaleFigures[]): string {
  const first = results[0];
  const last = results.at(-1);
  if (!first || !last) return '';
  const sizes = results.map((result) => result.items.toLocaleString('en'));
  const lines = [
    `| step | ${sizes.map((size) => `${size}: CPU / wall`).join(' | ')} | ratio CPU (wall) |`,
    `| --- | ${sizes.map(() => '---').join(' | ')} | --- |`,
    `| memory per item | ${results.map((result) => `${(result.bytesPerItem / 1024).toFixed(2)} kB`).join(' | ')} | ${(last.bytesPerItem / first.bytesPerItem).toFixed(2)} |`,
  ];
  for (const [step, what] of STEPS) {
    const cells = results.map((result) => {
      const time = result.steps[step];
      return time && Number.isFinite(time.cpuMs) ? `${format(time.cpuMs)} / ${format(time.wallMs)}` : '-';
    });
    const a = first.steps[step];
    const b = last.steps[step];
    const ratio =
      a && b && Number.isFinite(a.cpuMs) && Number.isFinite(b.cpuMs)
        ? `${(b.cpuMs / a.cpuMs).toFixed(1)}x (${(b.wallMs / a.wallMs).toFixed(1)}x)`
        : '-';
    lines.push(`| ${what} | ${cells.join(' | ')} | ${ratio} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** Runs every size in turn and prints the table. */
export async function runScaleBench(sizes: readonly number[], skip: readonly string[] = []): Promise<ScaleFigures[]> {
  const results: ScaleFigures[] = [];
  for (const size of sizes) {
    process.stdout.write(`  ${size.toLocaleString('en')} items...\n`);
    results.push(await runSize(size, skip));
  }
  return results;
}

/** `--skip step,...`: steps left out (by their names in {@link STEPS}; only writeItems and importItems can be). */
export function scaleSkips(args: readonly string[]): string[] {
  const at = args.indexOf('--skip');
  if (at < 0) return [];
  const given = (args[at + 1] ?? '').split(',');
  const unknown = given.filter((step) => step !== 'writeItems' && step !== 'importItems');
  if (unknown.length > 0) throw new Error(`--skip takes writeItems and importItems: ${unknown.join(',')}`);
  return given;
}

/** `--sizes a,b,...` (default 10,000 and 100,000). */
export function scaleSizes(args: readonly string[]): number[] {
  const at = args.indexOf('--sizes');
  const given = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !given) throw new Error('--sizes needs a list, e.g. --sizes 10000,100000');
  const sizes = (given ?? '10000,100000').split(',').map(Number);
  if (sizes.some((size) => !Number.isInteger(size) || size <= 0))
    throw new Error(`--sizes takes whole numbers: ${given}`);
  return sizes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = scaleSizes(process.argv.slice(2));
  const load = loadavg()[0] ?? 0;
  process.stdout.write(
    `emulator scale bench: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load ${load.toFixed(1)}\n`,
  );
  process.stdout.write(`\n${formatScale(await runScaleBench(sizes, scaleSkips(process.argv.slice(2))))}`);
}
