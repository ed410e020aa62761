/**
 * How `workspace-platform-codegen`'s time grows with the number of operations: `tsx test/bench/codegen-scale.ts
 * 1000 5000` generates that many operations (each a page of items with their column values, against the built-in
 * emulator's schema) in a scratch folder and prints the wall time of each run. Not part of `npm test`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCodegen } from '../../packages/codegen/src/run.js';

const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
for (const count of counts.length > 0 ? counts : [1000]) {
  const dir = mkdtempSync(join(tmpdir(), 'wp-codegen-scale-'));
  mkdirSync(join(dir, 'src'));
  const operation = (i: number) =>
    `# Page ${i} of a board's items.\nquery Items${i}($id: ID!, $cursor: String) {\n  boards(ids: [$id]) {\n    id\n    items_page(limit: 5, cursor: $cursor) {\n      cursor\n      items { id name column_values { id text value } }\n    }\n  }\n}\n`;
  writeFileSync(join(dir, 'src', 'many.graphql'), Array.from({ length: count }, (_, i) => operation(i)).join('\n'));
  const started = performance.now();
  const lines: string[] = [];
  const code = await runCodegen(['--documents', 'src/*.graphql', '--output', 'out.ts'], {
    cwd: dir,
    env: {},
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${count} operations: exit ${code}, ${seconds.toFixed(1)} s`);
  rmSync(dir, { recursive: true, force: true });
}
