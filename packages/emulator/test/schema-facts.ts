/**
 * Structural facts of a schema, keyed by schema coordinate, for comparing two schemas while ignoring descriptions
 * and order: types (kind), fields and arguments (type, default), input fields, enum values, interfaces, union
 * members and deprecation.
 */
import {
  astFromValue,
  buildSchema,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  print,
} from 'graphql';

/** Coordinate → what the schema says there. */
export type SchemaFacts = Map<string, string>;

function withDefault(value: GraphQLArgument | GraphQLInputField): string {
  const type = String(value.type);
  if (value.defaultValue === undefined) return type;
  const ast = astFromValue(value.defaultValue, value.type);
  return `${type} = ${ast ? print(ast) : 'null'}`;
}

function deprecation(reason: string | null | undefined): string {
  return reason === null || reason === undefined ? '' : ' @deprecated';
}

/** Every structural fact of `schema`. */
export function schemaFacts(schema: GraphQLSchema): SchemaFacts {
  const facts: SchemaFacts = new Map();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    facts.set(type.name, type.constructor.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const iface of type.getInterfaces()) facts.set(`${type.name} implements ${iface.name}`, 'yes');
      for (const field of Object.values(type.getFields())) {
        facts.set(`${type.name}.${field.name}`, `${String(field.type)}${deprecation(field.deprecationReason)}`);
        for (const arg of field.args)
          facts.set(`${type.name}.${field.name}(${arg.name}:)`, withDefault(arg) + deprecation(arg.deprecationReason));
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        facts.set(`${type.name}.${field.name}`, withDefault(field) + deprecation(field.deprecationReason));
    } else if (isEnumType(type)) {
      for (const value of type.getValues())
        facts.set(`${type.name}.${value.name}`, `value${deprecation(value.deprecationReason)}`);
    } else if (isUnionType(type)) {
      for (const member of type.getTypes()) facts.set(`${type.name} | ${member.name}`, 'member');
    }
  }
  return facts;
}

/** The facts of an SDL text. */
export function sdlFacts(sdl: string): SchemaFacts {
  return schemaFacts(buildSchema(sdl));
}

/** How `actual` differs from `expected`: coordinates missing, extra, or saying something else. */
export interface FactsDiff {
  missing: string[];
  extra: string[];
  changed: string[];
}

/** The differences between two sets of facts, each list sorted. */
export function diffFacts(expected: SchemaFacts, actual: SchemaFacts): FactsDiff {
  const missing = [...expected.keys()].filter((key) => !actual.has(key)).sort();
  const extra = [...actual.keys()].filter((key) => !expected.has(key)).sort();
  const changed = [...expected.entries()]
    .filter(([key, value]) => actual.has(key) && actual.get(key) !== value)
    .map(([key, value]) => `${key}: expected ${value}, served ${actual.get(key)}`)
    .sort();
  return { missing, extra, changed };
}
