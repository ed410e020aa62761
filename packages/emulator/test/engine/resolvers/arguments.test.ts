/**
 * The resolver argument types generated from the schema: the generator's rules on a small schema, and the
 * committed module being what the served schema generates (so a schema change without regenerating fails here too).
 */
import { readFile } from 'node:fs/promises';
import { buildASTSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  RESOLVER_ARGUMENTS_FILE,
  resolverArgumentsModule,
  resolverSchemas,
} from '../../../scripts/emulator-resolver-types.js';

const SDL = /* GraphQL */ `
  enum Kind { open closed }
  input Filter { kind: Kind!, ids: [ID] }
  scalar JSON
  type Query {
    things(limit: Int = 25, page: Int, filter: Filter, ids: [ID!]!, raw: JSON): [String]
    me: String
  }
`;

describe('resolver argument types', () => {
  const text = resolverArgumentsModule(buildASTSchema(parse(SDL)));

  it('makes a nullable argument optional unless it has a default, keeps non-null ones required, in schema order', () => {
    expect(text).toContain(
      [
        'export interface QueryThingsArgs {',
        '  limit: number | null;',
        '  page?: number | null;',
        '  filter?: Filter | null;',
        '  ids: string[];',
        '  raw?: unknown;',
        '}',
      ].join('\n'),
    );
  });

  it('writes enums as string unions and input objects as interfaces, and maps fields without arguments', () => {
    expect(text).toContain("export type Kind = 'open' | 'closed';");
    expect(text).toContain('export interface Filter {\n  kind: Kind;\n  ids?: (string | null)[] | null;\n}');
    expect(text).toContain('    me: NoArguments;');
    expect(text).toContain('    things: QueryThingsArgs;');
  });

  it('is committed as the served schemas generate it', async () => {
    expect(await readFile(RESOLVER_ARGUMENTS_FILE, 'utf8')).toBe(resolverArgumentsModule(resolverSchemas()));
  });

  it('types a field an older schema has and the newest lacks, with the newest winning where both have it', () => {
    const newest = buildASTSchema(parse('type Query { a(n: Int!): Int }'));
    const older = buildASTSchema(parse('type Query { a(n: String): Int, gone(x: ID!): Int }'));
    const merged = resolverArgumentsModule([newest, older]);
    expect(merged).toContain('export interface QueryAArgs {\n  n: number;\n}');
    expect(merged).toContain('export interface QueryGoneArgs {\n  x: string;\n}');
  });
});
