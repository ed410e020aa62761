/**
 * Builds (once per version, lazily) the executable GraphQL schema of each API version: that version's published
 * structure with the emulator's own descriptions (./published-sdl.ts), scalar behaviour, resolvers, and NOT_MODELLED
 * for the rest (./modelled.ts).
 */
import { type GraphQLInterfaceType, GraphQLObjectType, type GraphQLSchema, isObjectType } from 'graphql';
import type { ResolverMap } from '../resolvers/types.js';
import type { EngineVersion } from '../versions.js';
import { recordFieldOrNotModelled } from './modelled.js';
import { describedSchema } from './published-sdl.js';
import { installScalars } from './scalars.js';

/**
 * Installs `resolvers` where `schema` has the field. Versions differ, so a resolver may name a field one version
 * lacks; that each names a field of some served version is pinned by packages/emulator/test/schema-parity.test.ts.
 */
function installResolvers(schema: GraphQLSchema, resolvers: ResolverMap): void {
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) continue;
    const defs = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const def = defs[fieldName];
      if (!def) continue;
      def.resolve = resolve as unknown as NonNullable<typeof def.resolve>;
    }
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const def of Object.values(type.getFields())) def.resolve ??= recordFieldOrNotModelled;
  }
  const columnValue = schema.getType('ColumnValue') as GraphQLInterfaceType;
  columnValue.resolveType = (value) => (value as { __typename: string }).__typename;
}

/** Builds the executable schema of `version` with `resolvers` (not cached). */
export function buildVersionSchema(version: EngineVersion, resolvers: ResolverMap): GraphQLSchema {
  const schema = describedSchema(version);
  installScalars(schema);
  installResolvers(schema, resolvers);
  return schema;
}

/**
 * Executable schemas by resolver map, then version. A schema holds no data (resolvers read the store from the
 * execution context), so every engine built with the same resolvers shares one schema per version.
 */
const built = new WeakMap<ResolverMap, Map<EngineVersion, GraphQLSchema>>();

/** Lazily builds one executable schema per version, shared by every cache given the same resolver map. */
export class SchemaCache {
  readonly #schemas: Map<EngineVersion, GraphQLSchema>;
  readonly #resolvers: ResolverMap;

  constructor(resolvers: ResolverMap) {
    this.#resolvers = resolvers;
    const shared = built.get(resolvers) ?? new Map<EngineVersion, GraphQLSchema>();
    built.set(resolvers, shared);
    this.#schemas = shared;
  }

  /** The executable schema of `version`, built on first use. */
  get(version: EngineVersion): GraphQLSchema {
    let schema = this.#schemas.get(version);
    if (!schema) {
      schema = buildVersionSchema(version, this.#resolvers);
      this.#schemas.set(version, schema);
    }
    return schema;
  }
}
