/**
 * `npm run check:house` (part of `npm test`, after check:cycles): the house the product's folders draw. Each package
 * is a stack of floors, each floor a few rooms (a folder, or a top-level module); a room may import rooms on its own
 * floor or below, never one above. Prints the rooms' circles and the imports that run against the order, with their
 * count; exits 1 on any circle among rooms or on more than MAX_AGAINST imports against the order.
 *
 * Rule map (floors lowest first; a room not named here is on its package's top floor):
 *
 * workspace-platform-sdk (src/)
 *   0 base     version.ts, api-version-format.ts, scopes.ts, secret-field.ts, operations.ts
 *   1 client   client/, columns/, oauth/, webhooks/
 *   2 entry    index.ts (the SDK's main entry), redis/
 *   3 jobs     bulk/ (bulk jobs on top of the client), boards/ (typed boards on top of the client)
 *   4 tools    cli/, moved/ (forwarders of the old subpaths, aside: they only re-export the new packages)
 *
 * workspace-platform-emulator (packages/emulator/src/)
 *   0 shapes   contract.ts, wire.ts (what the emulator and its callers exchange), settings-error.ts
 *   1 engine   engine/ (one room here; inside it, the model (records, item values, column kinds) knows nothing of
 *              the store, and check:cycles keeps its files free of circles)
 *   2 serving  settings/, server/, oauth/, uploads/, webhooks/, options.ts
 *   2.5 state  state/ (state files: saving, loading, the journaled engine)
 *   3 entries  start.ts, index.ts, cli.ts, cli-options.ts, schemas.ts, testing/, commands/ (the snapshot and parity
 *              subcommands)
 *
 * workspace-platform-codegen (packages/codegen/src/): one floor of top-level modules, above the emulator (it reads
 * the emulator's published schemas).
 *
 * Packages stack too: the SDK's rooms sit below the emulator's and codegen's (they import the SDK, never the other
 * way), except the forwarders in src/moved/, which are aside.
 */
import { circles, oneCircle, readImportGraph } from './import-graph.mjs';

/** The most imports allowed to run against the floors' order. */
const MAX_AGAINST = 6;

/**
 * [path prefix, floor], most specific first. A prefix ending in `/` that names a folder is one room; the catch-all
 * prefix of a package (its `src/`) makes each of its folders and top-level modules a room of its own.
 */
const RULES = [
  // The SDK.
  ['src/moved/', 40],
  ['src/cli/', 40],
  ['src/bulk/', 30],
  ['src/boards/', 30],
  ['src/index.ts', 20],
  ['src/redis/', 20],
  ['src/client/', 10],
  ['src/columns/', 10],
  ['src/oauth/', 10],
  ['src/webhooks/', 10],
  ['src/', 0],
  // The emulator (above the whole SDK).
  ['packages/emulator/src/contract.ts', 100],
  ['packages/emulator/src/wire.ts', 100],
  ['packages/emulator/src/settings-error.ts', 100],
  ['packages/emulator/src/engine/', 110],
  ['packages/emulator/src/settings/', 120],
  ['packages/emulator/src/server/', 120],
  ['packages/emulator/src/oauth/', 120],
  ['packages/emulator/src/uploads/', 120],
  ['packages/emulator/src/webhooks/', 120],
  ['packages/emulator/src/options.ts', 120],
  ['packages/emulator/src/state/', 125],
  ['packages/emulator/src/testing/', 130],
  ['packages/emulator/src/', 130],
  // Codegen (above the emulator, whose published schemas it reads).
  ['packages/codegen/src/', 200],
];

/** The catch-all prefixes: each folder or module below them is a room. */
const CATCH_ALL = new Set(['src/', 'packages/emulator/src/', 'packages/codegen/src/']);

/** The room and floor of `file`. */
function roomOf(file) {
  const rule = RULES.find(([prefix]) => file.startsWith(prefix));
  if (!rule) throw new Error(`check-house: no floor for ${file}; add it to the rule map`);
  const [prefix, floor] = rule;
  if (!CATCH_ALL.has(prefix)) return { room: prefix, floor };
  const [head, ...rest] = file.slice(prefix.length).split('/');
  return { room: prefix + head + (rest.length > 0 ? '/' : ''), floor };
}

const files = await readImportGraph(process.cwd());
const rooms = new Map();
const against = [];
for (const [file, targets] of files) {
  const from = roomOf(file);
  for (const target of targets) {
    const to = roomOf(target);
    if (from.room === to.room) continue;
    if (!rooms.has(from.room)) rooms.set(from.room, new Set());
    rooms.get(from.room).add(to.room);
    if (to.floor > from.floor && !file.startsWith('src/moved/')) against.push(`${file} -> ${target}`);
  }
}
for (const { room } of [...files.keys()].map(roomOf)) if (!rooms.has(room)) rooms.set(room, new Set());

const knots = circles(rooms);
console.log(
  `check-house: ${rooms.size} rooms, ${knots.length} circle(s) among rooms, ${against.length} import(s) against the floors' order (at most ${MAX_AGAINST})`,
);
for (const knot of knots) console.log(`  circle: ${oneCircle(rooms, knot).join(' -> ')}`);
for (const line of against) console.log(`  against the order: ${line}`);
if (knots.length > 0 || against.length > MAX_AGAINST) process.exitCode = 1;
