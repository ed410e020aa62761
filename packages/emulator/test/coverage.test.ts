/**
 * The coverage table (scripts/coverage.ts): the committed COVERAGE.md is what the resolvers give today, and what
 * the table says matches what the engine answers: a field it calls not modelled answers NOT_MODELLED, and for a
 * modelled query the result fields it lists as answering NOT_MODELLED are exactly those that do (apart from
 * those it lists as answering NOT_MODELLED for some records only); its "Parity shown" column names the tests of
 * scripts/coverage-parity.ts (which those tests check) at the version they run at.
 */
import { readFile } from 'node:fs/promises';
import {
  buildASTSchema,
  type GraphQLField,
  type GraphQLObjectType,
  getNamedType,
  isLeafType,
  isNonNullType,
  isObjectType,
  parse,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { COVERAGE_FILE, coverageMarkdown, emulatorCoverage, type VersionCoverage } from '../scripts/coverage.js';
import { TEST_INSTEAD } from '../scripts/coverage-instead.js';
import { PARITY_SHOWN, PARITY_SHOWN_VERSION } from '../scripts/coverage-parity.js';
import { createEngine } from '../src/engine/index.js';
import { publishedStructure } from '../src/engine/schema/published-sdl.js';
import { DEFAULT_VERSION } from '../src/engine/versions.js';
import { run } from './engine-helpers.js';

let coverage: VersionCoverage[];

beforeAll(() => {
  coverage = emulatorCoverage();
}, 60_000);

const schema = buildASTSchema(parse(publishedStructure(DEFAULT_VERSION)), { assumeValidSDL: true });

function withoutRequiredArguments(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.every((arg) => !isNonNullType(arg.type) || arg.defaultValue !== undefined);
}

/**
 * One query selecting each field of `type` a query can select without arguments under its own alias of `root`
 * (`f0: boards { id }`), so a non-null field that fails nulls only its own alias.
 */
function probeOf(root: string, type: GraphQLObjectType): string {
  const selections = Object.values(type.getFields())
    .filter(withoutRequiredArguments)
    .map((field, index) => {
      const selection = isLeafType(getNamedType(field.type)) ? field.name : `${field.name} { __typename }`;
      return `f${index}: ${root} { ${selection} }`;
    });
  return `query Probe { ${selections.join(' ')} }`;
}

function current(): VersionCoverage {
  const found = coverage.find((version) => version.version === DEFAULT_VERSION);
  if (!found) throw new Error(`no coverage for ${DEFAULT_VERSION}`);
  return found;
}

describe('the coverage table', () => {
  it('is committed as the resolvers give it (run `npm run emulator:coverage` after a change)', async () => {
    expect(await readFile(COVERAGE_FILE, 'utf8')).toBe(coverageMarkdown(coverage));
  });

  it('lists every root field of every served version once, with totals that add up', () => {
    for (const version of coverage) {
      const structure = buildASTSchema(parse(publishedStructure(version.version as typeof DEFAULT_VERSION)), {
        assumeValidSDL: true,
      });
      for (const root of ['Query', 'Mutation'] as const) {
        const listed = version.fields.filter((line) => line.root === root).map((line) => line.field);
        const rootType = structure.getType(root) as GraphQLObjectType;
        expect(listed).toEqual(Object.keys(rootType.getFields()).sort((a, b) => a.localeCompare(b)));
        const { modelled, 'partly modelled': partly, 'not modelled': not } = version.totals[root];
        expect(modelled + partly + not).toBe(listed.length);
      }
    }
  });

  it('says what a test can do instead on the line of each gap left on purpose, and on no modelled line', () => {
    const lines = coverage.flatMap((version) => version.fields);
    for (const coordinate of Object.keys(TEST_INSTEAD)) {
      const gaps = lines.filter((line) => `${line.root}.${line.field}` === coordinate && line.coverage !== 'modelled');
      expect(gaps.length, coordinate).toBeGreaterThan(0);
      for (const line of gaps) expect(line.instead, coordinate).toBe(TEST_INSTEAD[coordinate]);
    }
    expect(lines.filter((line) => line.coverage === 'modelled' && line.instead)).toEqual([]);
    const markdown = coverageMarkdown(coverage);
    expect(markdown).toContain("`run_prompt` | not modelled |  | in a test: the answer is a language model's text");
  });

  it('names in the Parity shown column exactly the tests that show it, at the version they show it at', () => {
    for (const version of coverage)
      for (const line of version.fields) {
        const coordinate = `${line.root}.${line.field}`;
        const listed = Object.entries(PARITY_SHOWN)
          .filter(([, coordinates]) => coordinates.includes(coordinate))
          .map(([test]) => test);
        expect(line.parityShownBy, `${version.version} ${coordinate}`).toEqual(
          version.version === PARITY_SHOWN_VERSION ? listed : [],
        );
      }
    expect(coverageMarkdown(coverage)).toContain(
      '| `create_item` | modelled | `test/commands/parity.test.ts`, `test/commands/real-boards-contract.test.ts` |',
    );
  });

  it('calls a field not modelled only when calling it answers NOT_MODELLED', async () => {
    const engine = createEngine();
    const queryType = schema.getQueryType() as GraphQLObjectType;
    const unmodelled = current().fields.filter(
      (line) =>
        line.root === 'Query' &&
        line.coverage === 'not modelled' &&
        withoutRequiredArguments(queryType.getFields()[line.field] as GraphQLField<unknown, unknown>),
    );
    expect(unmodelled.length).toBeGreaterThan(0);
    for (const line of unmodelled) {
      const field = queryType.getFields()[line.field] as GraphQLField<unknown, unknown>;
      const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
      const body = await run(engine, `query Probe { ${line.field}${selection} }`, { version: DEFAULT_VERSION });
      expect(body.errors?.[0]?.extensions, line.field).toMatchObject({ code: 'NOT_MODELLED', field_name: line.field });
    }
  });

  it('lists exactly the result fields of a modelled query that answer NOT_MODELLED on the demo data', async () => {
    const engine = createEngine();
    const queryType = schema.getQueryType() as GraphQLObjectType;
    let compared = 0;
    for (const line of current().fields) {
      const field = queryType.getFields()[line.field];
      if (line.root !== 'Query' || line.coverage === 'not modelled' || !field) continue;
      const result = getNamedType(field.type);
      if (!isObjectType(result) || !withoutRequiredArguments(field)) continue;
      const present = await run(engine, `query Present { ${line.field} { __typename } }`, {
        version: DEFAULT_VERSION,
      });
      const data = present.data?.[line.field];
      if (data === null || data === undefined || (Array.isArray(data) && data.length === 0)) continue;
      const body = await run(engine, probeOf(line.field, result), { version: DEFAULT_VERSION });
      const answered = new Set(
        (body.errors ?? [])
          .filter((error) => error.extensions?.code === 'NOT_MODELLED' && error.extensions.type_name === result.name)
          .map((error) => String(error.extensions?.field_name)),
      );
      const selectable = new Set(
        Object.values(result.getFields())
          .filter(withoutRequiredArguments)
          .map((f) => f.name),
      );
      const always = line.unmodelledResultFields.filter((name) => selectable.has(name));
      const sometimes = new Set(line.sometimesUnmodelledResultFields);
      expect(
        [...answered].filter((name) => !sometimes.has(name)).sort(),
        `${line.field}: fields answering NOT_MODELLED the table does not list`,
      ).toEqual([...always].sort());
      compared += 1;
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  });
});
