/**
 * Writes the emulator's resolver argument types from the schema the emulator serves, so a resolver that reads a
 * misspelt argument (or resolves a field the schema lacks) does not compile.
 *
 *   npx tsx packages/emulator/scripts/emulator-resolver-types.ts           writes src/engine/resolvers/arguments.generated.ts
 *   npx tsx packages/emulator/scripts/emulator-resolver-types.ts --check   fails when the committed file differs
 *
 * `npm run codegen` and `npm run codegen:check` run it too. The schema is the newest served version's, read through
 * {@link resolverSchemaSdl} alone, with the fields older served versions have and it lacks ({@link resolverSchemas}).
 *
 * The output holds, for every object type, each field's argument shape (`QueryBoardsArgs`, named as graphql-codegen
 * names them), the enums and input objects those arguments use, and `FieldArguments`, the map from type and field
 * to its arguments that `resolvers/types.ts` turns into the type every family's resolver map is checked against.
 * Enums become string unions; ID and String become `string`; JSON and CompareValue `unknown`; File the emulator's
 * upload. A nullable argument is optional unless it has a default (graphql-js then always passes it).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  buildASTSchema,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
} from 'graphql';
import { publishedStructure } from '../src/engine/schema/published-sdl.js';
import { ENGINE_VERSIONS } from '../src/engine/versions.js';

/** Where the generated module goes. */
export const RESOLVER_ARGUMENTS_FILE = fileURLToPath(
  new URL('../src/engine/resolvers/arguments.generated.ts', import.meta.url),
);

/** The schema whose arguments the resolvers take: the newest served version's. */
export function resolverSchemaSdl(): string {
  return publishedStructure(ENGINE_VERSIONS[ENGINE_VERSIONS.length - 1] as (typeof ENGINE_VERSIONS)[number]);
}

/**
 * The schemas the generated types come from: the newest served version's ({@link resolverSchemaSdl}) first, then
 * the older ones, newest first, for the fields a newer version removed (their resolvers still serve the older
 * versions, so they are typed too). A field or named type is taken from the first schema that has it.
 */
export function resolverSchemas(): GraphQLSchema[] {
  const older = ENGINE_VERSIONS.slice(0, -1)
    .reverse()
    .map((version) => publishedStructure(version));
  return [resolverSchemaSdl(), ...older].map((sdl) => buildASTSchema(parse(sdl), { assumeValidSDL: true }));
}

const SCALARS: Readonly<Record<string, string>> = {
  ID: 'string',
  String: 'string',
  Int: 'number',
  Float: 'number',
  Boolean: 'boolean',
  Date: 'string',
  ISO8601DateTime: 'string',
  File: 'EmulatorUpload',
};

function pascal(name: string): string {
  return name
    .split('_')
    .filter((part) => part !== '')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}

function typeText(type: GraphQLInputType, uses: Set<GraphQLNamedType>): string {
  if (isNonNullType(type)) return typeText(type.ofType, uses).replace(/ \| null$/, '');
  if (isListType(type)) {
    const inner = typeText(type.ofType, uses);
    return `${inner.includes('|') ? `(${inner})` : inner}[] | null`;
  }
  const named = getNamedType(type);
  if (isScalarType(named)) {
    const scalar = SCALARS[named.name];
    return scalar ? `${scalar} | null` : 'unknown';
  }
  uses.add(named);
  return `${named.name} | null`;
}

function member(
  argument: GraphQLArgument | { name: string; type: GraphQLInputType; defaultValue?: unknown },
  uses: Set<GraphQLNamedType>,
): string {
  const text = typeText(argument.type, uses);
  const optional = !isNonNullType(argument.type) && argument.defaultValue === undefined;
  return `  ${argument.name}${optional ? '?' : ''}: ${text};`;
}

/** Each object type's fields across `schemas`, a field from the first schema that has it, by type name. */
function objectFields(schemas: readonly GraphQLSchema[]): Map<string, Map<string, GraphQLField<unknown, unknown>>> {
  const types = new Map<string, Map<string, GraphQLField<unknown, unknown>>>();
  for (const schema of schemas) {
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      const fields = types.get(type.name) ?? new Map<string, GraphQLField<unknown, unknown>>();
      types.set(type.name, fields);
      for (const field of Object.values(type.getFields())) if (!fields.has(field.name)) fields.set(field.name, field);
    }
  }
  return types;
}

/** The text of the generated module for `schemas` (the first one's fields and types win; see {@link resolverSchemas}). */
export function resolverArgumentsModule(schemas: GraphQLSchema | readonly GraphQLSchema[]): string {
  const all: readonly GraphQLSchema[] = Array.isArray(schemas) ? schemas : [schemas as GraphQLSchema];
  const uses = new Set<GraphQLNamedType>();
  const argumentTypes: string[] = [];
  const map: string[] = [];
  const objects = [...objectFields(all)].sort(([a], [b]) => a.localeCompare(b));
  for (const [typeName, fields] of objects) {
    map.push(`  ${typeName}: {`);
    for (const field of fields.values()) {
      if (field.args.length === 0) {
        map.push(`    ${field.name}: NoArguments;`);
        continue;
      }
      const name = `${typeName}${pascal(field.name)}Args`;
      argumentTypes.push(
        `/** Arguments of \`${typeName}.${field.name}\`. */`,
        `export interface ${name} {`,
        ...field.args.map((argument) => member(argument, uses)),
        '}',
        '',
      );
      map.push(`    ${field.name}: ${name};`);
    }
    map.push('  };');
  }
  const named = new Map<string, string[]>();
  const done = new Set<string>();
  const pending = [...uses];
  while (pending.length > 0) {
    const used = pending.shift();
    if (!used || done.has(used.name)) continue;
    const type = all.map((schema) => schema.getType(used.name)).find((found) => found !== undefined) ?? used;
    done.add(type.name);
    if (isEnumType(type)) {
      named.set(type.name, [
        `/** The \`${type.name}\` enum's values. */`,
        `export type ${type.name} = ${type
          .getValues()
          .map((value) => `'${value.name}'`)
          .join(' | ')};`,
        '',
      ]);
    } else if (isInputObjectType(type)) {
      const inner = new Set<GraphQLNamedType>();
      named.set(type.name, [
        `/** The \`${type.name}\` input object. */`,
        `export interface ${type.name} {`,
        ...Object.values(type.getFields()).map((field) => member(field, inner)),
        '}',
        '',
      ]);
      pending.push(...inner);
    }
  }
  return [
    '/**',
    ' * GENERATED by scripts/emulator-resolver-types.ts from the schema the emulator serves: do not edit by hand.',
    ' * Run `npm run codegen` after the schema changes; `npm run codegen:check` fails when this file is stale.',
    ' */',
    "import type { EmulatorUpload } from '../../contract.js';",
    '',
    '/** The arguments of a field that takes none. */',
    'export type NoArguments = Record<string, never>;',
    '',
    ...[...named.keys()].sort().flatMap((name) => named.get(name) ?? []),
    ...argumentTypes,
    '/** The arguments of every field of every object type, by type name then field name. */',
    'export interface FieldArguments {',
    ...map,
    '}',
    '',
  ].join('\n');
}

/** Writes the module (or, with `check`, compares it with the committed one); returns the stale file, if any. */
export async function writeResolverArguments(check: boolean): Promise<string | undefined> {
  const text = resolverArgumentsModule(resolverSchemas());
  if (check) {
    const committed = await readFile(RESOLVER_ARGUMENTS_FILE, 'utf8').catch(() => undefined);
    return committed === text ? undefined : RESOLVER_ARGUMENTS_FILE;
  }
  await writeFile(RESOLVER_ARGUMENTS_FILE, text);
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  writeResolverArguments(check)
    .then((stale) => {
      if (stale) {
        console.error(
          `${stale} differs from what the schema generates. Run \`npm run codegen\` and commit the result.`,
        );
        process.exit(1);
      }
      console.log(check ? `${RESOLVER_ARGUMENTS_FILE} is up to date` : `wrote ${RESOLVER_ARGUMENTS_FILE}`);
    })
    .catch((error: unknown) => {
      console.error('emulator-resolver-types failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
