/**
 * The emulator's coverage table: every root field (Query and Mutation) of every served version, as modelled,
 * partly modelled (with what is missing) or not modelled, with totals per version.
 *
 *   npm run emulator:coverage            writes packages/emulator/COVERAGE.md and prints the totals
 *   npm run emulator:coverage -- --check  fails when the committed table differs (`npm run codegen:check` runs it)
 *
 * Nothing is listed by hand: the fields come from each version's published schema, their state from the resolver
 * map (src/engine/resolvers/index.ts) and the resolvers' source (./coverage-resolvers.ts), plus the few gaps the
 * source cannot show (./coverage-gaps.ts), and, for the gaps left on purpose, what a test can do instead
 * (./coverage-instead.ts), and the root fields whose parity the emulator's tests show (./coverage-parity.ts, a list
 * those tests check). The rule, as the table states it:
 * - NOT MODELLED: the resolver map has no resolver for the field; every call answers NOT_MODELLED.
 * - PARTLY MODELLED: it has one, but at least one of: a field of its result type has neither a resolver nor a
 *   property of the record the resolver returns (it answers NOT_MODELLED, see src/engine/schema/modelled.ts), or
 *   only an optional one, or one some of the records it may return lack (NOT_MODELLED for some records); an
 *   argument the version declares is never read by the resolver; some argument values answer NOT_MODELLED.
 * - MODELLED: none of these.
 * Only the result type's own fields are checked, not the fields of the objects under them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  buildASTSchema,
  type GraphQLField,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  parse,
} from 'graphql';
import { RESOLVERS } from '../src/engine/resolvers/index.js';
import { publishedStructure } from '../src/engine/schema/published-sdl.js';
import { ENGINE_VERSIONS } from '../src/engine/versions.js';
import { KNOWN_GAPS } from './coverage-gaps.js';
import { TEST_INSTEAD } from './coverage-instead.js';
import { PARITY_SHOWN, PARITY_SHOWN_VERSION } from './coverage-parity.js';
import { type ResolverSource, readResolverSource } from './coverage-resolvers.js';

/** Where the table goes. */
export const COVERAGE_FILE = fileURLToPath(new URL('../COVERAGE.md', import.meta.url));

/** How far a root field is modelled. */
export type Coverage = 'modelled' | 'partly modelled' | 'not modelled';

/** One root field's line of the table. */
export interface FieldCoverage {
  root: 'Query' | 'Mutation';
  field: string;
  coverage: Coverage;
  /** What is missing, one sentence each; empty when modelled. */
  missing: string[];
  /** The fields of its result type that answer NOT_MODELLED (part of `missing`). */
  unmodelledResultFields: string[];
  /** The fields of its result type that answer NOT_MODELLED for some records only (part of `missing`). */
  sometimesUnmodelledResultFields: string[];
  /** What a test can do instead where the emulator leaves the field (or part of it) NOT_MODELLED on purpose. */
  instead?: string;
  /** The tests (files of packages/emulator) that show the field's parity at this version; empty when none. */
  parityShownBy: string[];
}

/** One version's lines and totals. */
export interface VersionCoverage {
  version: string;
  fields: FieldCoverage[];
  totals: Record<'Query' | 'Mutation', Record<Coverage, number>>;
}

const ROOTS = ['Query', 'Mutation'] as const;
const COVERAGES: readonly Coverage[] = ['modelled', 'partly modelled', 'not modelled'];

function code(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(', ');
}

/** The fields of `field`'s result type that have no resolver and are not among `held`. */
function unresolvedFieldsOf(field: GraphQLField<unknown, unknown>, held: ReadonlySet<string>): string[] {
  const type = getNamedType(field.type);
  if (!isObjectType(type)) return [];
  const resolved = RESOLVERS[type.name] ?? {};
  return Object.keys(type.getFields()).filter((name) => !resolved[name] && !held.has(name));
}

/**
 * The argument values `field` answers NOT_MODELLED for (from `notModelledArgument` calls), in this version: a call
 * naming an argument of the field counts where the version declares it; one naming input fields (no argument of
 * the field in any version) counts wherever the field is.
 */
function refusedArguments(
  field: GraphQLField<unknown, unknown>,
  source: ResolverSource,
  argumentsAnywhere: ReadonlySet<string>,
): string[] {
  const declared = new Set(field.args.map((arg) => arg.name));
  const refused = new Map<string, string[]>();
  for (const gap of source.notModelledArguments) {
    if (gap.field !== field.name) continue;
    const named = gap.arguments.filter((name) => argumentsAnywhere.has(name));
    if (named.length > 0 && !named.some((name) => declared.has(name))) continue;
    const key = gap.arguments.map((name) => `${name}:`).join(' ');
    const whys = refused.get(key) ?? [];
    if (gap.why && !whys.includes(gap.why)) whys.push(gap.why);
    refused.set(key, whys);
  }
  return [...refused].map(
    ([key, whys]) => `some values of \`${key}\` answer NOT_MODELLED${whys.length ? ` (${whys.join('; ')})` : ''}`,
  );
}

function fieldMissing(
  root: 'Query' | 'Mutation',
  field: GraphQLField<unknown, unknown>,
  source: ResolverSource,
  argumentsAnywhere: ReadonlySet<string>,
): Pick<FieldCoverage, 'missing' | 'unmodelledResultFields' | 'sometimesUnmodelledResultFields'> {
  const coordinate = `${root}.${field.name}`;
  const reading = source.readings.get(coordinate);
  const missing: string[] = [];
  let unmodelledResultFields: string[] = [];
  let sometimesUnmodelledResultFields: string[] = [];
  const result = getNamedType(field.type);
  if (!reading) {
    missing.push('its resolver is built where the coverage reading cannot follow; nothing about it is checked');
  } else {
    if (reading.returned === undefined && (isObjectType(result) || isInterfaceType(result) || isUnionType(result)))
      missing.push(
        `the resolver's type does not say what it returns; the fields of \`${result.name}\` are not checked`,
      );
    else if (reading.returned) {
      const { always, sometimes } = reading.returned;
      unmodelledResultFields = unresolvedFieldsOf(field, new Set([...always, ...sometimes]));
      sometimesUnmodelledResultFields = unresolvedFieldsOf(field, always).filter((name) => sometimes.has(name));
      if (unmodelledResultFields.length > 0)
        missing.push(`\`${result.name}\` fields answering NOT_MODELLED: ${code(unmodelledResultFields)}`);
      if (sometimesUnmodelledResultFields.length > 0)
        missing.push(
          `\`${result.name}\` fields answering NOT_MODELLED for some records: ${code(sometimesUnmodelledResultFields)}`,
        );
    }
    if (reading.argumentsRead !== 'all') {
      const read = reading.argumentsRead;
      const ignored = field.args.map((arg) => arg.name).filter((name) => !read.has(name));
      if (ignored.length > 0) missing.push(`arguments ignored: ${code(ignored)}`);
    }
  }
  missing.push(...refusedArguments(field, source, argumentsAnywhere));
  missing.push(...(KNOWN_GAPS[coordinate] ?? []));
  return { missing, unmodelledResultFields, sometimesUnmodelledResultFields };
}

/** The argument names of every root field in any of `schemas`, by `Root.field`. */
function argumentsAnywhere(schemas: readonly GraphQLSchema[]): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const schema of schemas) {
    for (const root of ROOTS) {
      const type = schema.getType(root);
      if (!isObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const coordinate = `${root}.${field.name}`;
        const into = names.get(coordinate) ?? new Set<string>();
        for (const arg of field.args) into.add(arg.name);
        names.set(coordinate, into);
      }
    }
  }
  return names;
}

function versionCoverage(
  version: string,
  schema: GraphQLSchema,
  source: ResolverSource,
  anywhere: ReadonlyMap<string, ReadonlySet<string>>,
): VersionCoverage {
  const fields: FieldCoverage[] = [];
  const totals = {} as VersionCoverage['totals'];
  for (const root of ROOTS) {
    totals[root] = { modelled: 0, 'partly modelled': 0, 'not modelled': 0 };
    const type = schema.getType(root);
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields()).sort((a, b) => a.name.localeCompare(b.name))) {
      const resolved = Boolean(RESOLVERS[root]?.[field.name]);
      const found = resolved
        ? fieldMissing(root, field, source, anywhere.get(`${root}.${field.name}`) ?? new Set())
        : { missing: [], unmodelledResultFields: [], sometimesUnmodelledResultFields: [] };
      const coverage: Coverage = !resolved ? 'not modelled' : found.missing.length > 0 ? 'partly modelled' : 'modelled';
      totals[root][coverage] += 1;
      const instead = coverage === 'modelled' ? undefined : TEST_INSTEAD[`${root}.${field.name}`];
      const parityShownBy = version === PARITY_SHOWN_VERSION ? testsShowing(`${root}.${field.name}`) : [];
      fields.push({ root, field: field.name, coverage, ...found, ...(instead ? { instead } : {}), parityShownBy });
    }
  }
  return { version, fields, totals };
}

/** The test files that show the parity of `coordinate`. */
function testsShowing(coordinate: string): string[] {
  return Object.entries(PARITY_SHOWN)
    .filter(([, coordinates]) => coordinates.includes(coordinate))
    .map(([test]) => test);
}

/** Refuses a parity entry for a field the version it was shown at does not have: it would be a stale line. */
function checkParityShown(coverage: readonly VersionCoverage[]): void {
  const shownAt = coverage.find((version) => version.version === PARITY_SHOWN_VERSION);
  if (!shownAt) throw new Error(`coverage: parity is listed as shown at ${PARITY_SHOWN_VERSION}, a version not served`);
  for (const coordinate of Object.values(PARITY_SHOWN).flat())
    if (!shownAt.fields.some((line) => `${line.root}.${line.field}` === coordinate))
      throw new Error(`coverage: parity is listed as shown for ${coordinate}, which ${PARITY_SHOWN_VERSION} lacks`);
}

/** Refuses a declared gap no served version has a resolver for: it would be a stale line. */
function checkDeclaredGaps(schemas: readonly GraphQLSchema[]): void {
  for (const coordinate of Object.keys(KNOWN_GAPS)) {
    const [root = '', field = ''] = coordinate.split('.');
    const served = schemas.some((schema) => {
      const type = schema.getType(root);
      return isObjectType(type) && Boolean(type.getFields()[field]);
    });
    if (!served || !RESOLVERS[root]?.[field])
      throw new Error(`coverage: the known gap ${coordinate} names a field no served version resolves`);
  }
}

/** Refuses a "what a test can do instead" line for a field no served version has a gap in: it would be stale. */
function checkTestInstead(coverage: readonly VersionCoverage[]): void {
  for (const coordinate of Object.keys(TEST_INSTEAD)) {
    const gap = coverage.some((version) =>
      version.fields.some((line) => `${line.root}.${line.field}` === coordinate && line.coverage !== 'modelled'),
    );
    if (!gap) throw new Error(`coverage: ${coordinate} has a test-instead line but no served version leaves a gap`);
  }
}

/** The coverage of every served version, newest first. */
export function emulatorCoverage(): VersionCoverage[] {
  const source = readResolverSource();
  const versions = [...ENGINE_VERSIONS].reverse();
  const schemas = versions.map((version) =>
    buildASTSchema(parse(publishedStructure(version)), { assumeValidSDL: true }),
  );
  checkDeclaredGaps(schemas);
  const anywhere = argumentsAnywhere(schemas);
  const coverage = versions.map((version, index) =>
    versionCoverage(version, schemas[index] as GraphQLSchema, source, anywhere),
  );
  checkTestInstead(coverage);
  checkParityShown(coverage);
  return coverage;
}

function totalsCell(totals: Record<Coverage, number>): string {
  const all = COVERAGES.reduce((sum, coverage) => sum + totals[coverage], 0);
  return `${totals.modelled} / ${totals['partly modelled']} / ${totals['not modelled']} of ${all}`;
}

/** The Markdown table of `coverage`. */
export function coverageMarkdown(coverage: readonly VersionCoverage[]): string {
  const lines = [
    '# Emulator coverage',
    '',
    "Generated by `npm run emulator:coverage` from each served version's published schema and the emulator's",
    'resolvers; do not edit it by hand.',
    '',
    'Every root field (Query and Mutation) of each version the emulator serves is:',
    '',
    '- **modelled**: the emulator has a resolver for it, every field of its result type is answered, it reads every',
    '  argument the version declares, and no argument value is known to answer `NOT_MODELLED`;',
    '- **partly modelled**: it has a resolver, but the last column says what is missing: fields of the result type',
    '  that answer `NOT_MODELLED`, arguments the resolver never reads, or argument values that answer `NOT_MODELLED`;',
    '- **not modelled**: every call answers `NOT_MODELLED`.',
    '',
    'Only the fields of the result type itself are checked, not those of the objects below them. A field the',
    'emulator does not model never gets an invented value: it answers a GraphQL error with',
    '`extensions.code: "NOT_MODELLED"` and the rest of the query still runs.',
    '',
    'Where the emulator leaves a field out on purpose (an answer only the platform can give, or one its docs do not',
    'describe), the line says what a test can do instead. A fault rule `respond` gives a test the answer it expects:',
    "set `{ first: 1, kind: 'respond', status: 200, body }` just before the call, with `body` the platform's answer",
    '(best recorded once from the platform and kept beside the test); the emulator answers it without executing.',
    "Or leave the field out of the query, and the rest of it runs on the emulator's data.",
    '',
    `**Parity shown** names the tests (in \`packages/emulator\`) where the \`parity\` command finds the field's`,
    `operations answered alike, with data, by an emulator serving a snapshot of a board and by the emulator the`,
    `snapshot was taken from, standing in for the platform, at ${PARITY_SHOWN_VERSION}. It shows that a snapshot`,
    'serves those operations faithfully and that the report finds no false difference in them; it is not a',
    'comparison with the platform itself, which no test here reaches: run `parity` against the platform for that.',
    '',
    '## Totals',
    '',
    'Modelled / partly modelled / not modelled, of all root fields.',
    '',
    '| Version | Query | Mutation |',
    '| --- | --- | --- |',
    ...coverage.map(
      (version) =>
        `| ${version.version} | ${totalsCell(version.totals.Query)} | ${totalsCell(version.totals.Mutation)} |`,
    ),
  ];
  for (const version of coverage) {
    for (const root of ROOTS) {
      lines.push('', `## ${version.version} ${root}`, '', `${totalsCell(version.totals[root])}.`, '');
      lines.push('| Field | Coverage | Parity shown | What is missing |', '| --- | --- | --- | --- |');
      for (const field of version.fields.filter((line) => line.root === root)) {
        const notes = field.instead ? [...field.missing, `in a test: ${field.instead}`] : field.missing;
        const shown = field.parityShownBy.map((test) => `\`${test}\``).join(', ');
        lines.push(
          `| \`${field.field}\` | ${field.coverage} | ${shown} | ${notes.join('; ').replaceAll('|', '\\|')} |`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The totals as one line per version, for the terminal. */
export function coverageSummary(coverage: readonly VersionCoverage[]): string {
  return coverage
    .map(
      (version) =>
        `${version.version}  Query ${totalsCell(version.totals.Query)}  Mutation ${totalsCell(version.totals.Mutation)}`,
    )
    .join('\n');
}

/**
 * Writes the table (or, with `check`, compares it with the committed one); answers the file when the committed
 * table is stale, else `undefined`.
 */
export async function writeCoverage(check: boolean): Promise<{ stale?: string; summary: string }> {
  const coverage = emulatorCoverage();
  const text = coverageMarkdown(coverage);
  const summary = coverageSummary(coverage);
  if (check) {
    const committed = await readFile(COVERAGE_FILE, 'utf8').catch(() => undefined);
    return committed === text ? { summary } : { stale: COVERAGE_FILE, summary };
  }
  await writeFile(COVERAGE_FILE, text);
  return { summary };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  writeCoverage(check)
    .then(({ stale, summary }) => {
      console.log('Root fields modelled / partly modelled / not modelled, by version:');
      console.log(summary);
      if (stale) {
        console.error(
          `${stale} differs from what the resolvers give. Run \`npm run emulator:coverage\` and commit it.`,
        );
        process.exit(1);
      }
      const shown = relative(process.cwd(), COVERAGE_FILE); // as the user would type it, from where they run it
      console.log(check ? `${shown} is up to date` : `wrote ${shown}`);
    })
    .catch((error: unknown) => {
      console.error('emulator coverage failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
