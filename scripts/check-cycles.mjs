/**
 * `npm run check:cycles` (part of `npm test`): no import circle among the files of src/ and packages/*\/src, type-only
 * imports included. A circle of type imports costs nothing at run time but still ties the files into one knot: none
 * of them can be read, moved or tested without the others.
 *
 * Prints the number of files and, for each circle found (a strongly connected group of files), its size, one circle
 * through it and its members; exits 1 when there is any.
 */
import { circles, oneCircle, readImportGraph } from './import-graph.mjs';

const graph = await readImportGraph(process.cwd());
const knots = circles(graph);
console.log(`check-cycles: ${graph.size} files, ${knots.length} import circle(s)`);
for (const knot of knots) {
  console.log(`\n${knot.length} files in a circle, for example:\n  ${oneCircle(graph, knot).join('\n  -> ')}`);
  if (knot.length > 2) console.log(`  all of them:\n    ${knot.join('\n    ')}`);
}
if (knots.length > 0) process.exitCode = 1;
