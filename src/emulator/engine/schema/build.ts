/** Builds (once per version, lazily) the executable GraphQL schema of each API version. */
import { buildSchema, type GraphQLInterfaceType, GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { ResolverMap } from '../resolvers/types.js';
import { type EngineVersion, featuresOf } from '../versions.js';
import { SCALARS_AND_ENUMS_SDL } from './sdl-enums.js';
import { rootTypesSdl } from './sdl-root.js';
import { OBJECT_TYPES_SDL } from './sdl-types.js';
import { COLUMN_VALUES_SDL } from './sdl-values.js';
import { installScalars } from './scalars.js';

/** The full SDL source of `version` (before printing). */
export function sdlSource(version: EngineVersion): string {
  return [rootTypesSdl(featuresOf(version)), OBJECT_TYPES_SDL, COLUMN_VALUES_SDL, SCALARS_AND_ENUMS_SDL].join('\n');
}

function installResolvers(schema: GraphQLSchema, resolvers: ResolverMap): void {
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) throw new Error(`Resolvers given for unknown object type ${typeName}`);
    const defs = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const def = defs[fieldName];
      if (!def) throw new Error(`Resolver given for unknown field ${typeName}.${fieldName}`);
      def.resolve = resolve as unknown as NonNullable<typeof def.resolve>;
    }
  }
  const columnValue = schema.getType('ColumnValue') as GraphQLInterfaceType;
  columnValue.resolveType = (value) => (value as { __typename: string }).__typename;
}

/** Lazily builds and caches one executable schema per version. */
export class SchemaCache {
  readonly #schemas = new Map<EngineVersion, GraphQLSchema>();
  readonly #resolvers: ResolverMap;

  constructor(resolvers: ResolverMap) {
    this.#resolvers = resolvers;
  }

  /** The executable schema of `version`, built on first use. */
  get(version: EngineVersion): GraphQLSchema {
    let schema = this.#schemas.get(version);
    if (!schema) {
      schema = buildSchema(sdlSource(version));
      installScalars(schema);
      installResolvers(schema, this.#resolvers);
      this.#schemas.set(version, schema);
    }
    return schema;
  }
}
