/**
 * Checks a JSON value against a JSON Schema (draft-07) written with the few keywords the platform's published
 * settings schemas use: `type`, `enum`, `required`, `properties`, `patternProperties`, `additionalProperties`
 * (a boolean or a schema), `items`, `uniqueItems`, `maxItems`, `minLength`, `maxLength`, `minimum`, `maximum` and
 * `oneOf`. Any other keyword is ignored, so a schema must stay within these to be checked in full (the widget and
 * column-kind schemas do: packages/emulator/test/engine/resolvers/dashboards.test.ts, column-type-schemas.test.ts).
 *
 * The check is bounded: it visits each value of the input once per schema branch and stops at the first problems
 * it finds ({@link MAX_PROBLEMS}); inputs are bounded by the request body size.
 */

/** A JSON Schema, as far as this checker reads it. */
export interface JsonSchema {
  readonly type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  readonly enum?: readonly unknown[];
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly patternProperties?: Readonly<Record<string, JsonSchema>>;
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly uniqueItems?: boolean;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly oneOf?: readonly JsonSchema[];
  readonly [keyword: string]: unknown;
}

/** The most problems one check reports. */
export const MAX_PROBLEMS = 10;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: NonNullable<JsonSchema['type']>): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function checkObject(value: Record<string, unknown>, schema: JsonSchema, path: string, problems: string[]): void {
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(value, key)) problems.push(`${path}.${key} is required`);
  }
  const patterns = Object.entries(schema.patternProperties ?? {}).map(
    ([pattern, inner]) => [new RegExp(pattern, 'u'), inner] as const,
  );
  for (const [key, inner] of Object.entries(value)) {
    if (problems.length >= MAX_PROBLEMS) return;
    const at = `${path}.${key}`;
    const named = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    const matching = patterns.filter(([pattern]) => pattern.test(key)).map(([, patterned]) => patterned);
    if (named) check(inner, named, at, problems);
    for (const patterned of matching) check(inner, patterned, at, problems);
    if (named || matching.length > 0) continue;
    if (schema.additionalProperties === false) problems.push(`${at} is not allowed`);
    else if (typeof schema.additionalProperties === 'object') check(inner, schema.additionalProperties, at, problems);
  }
}

function check(value: unknown, schema: JsonSchema, path: string, problems: string[]): void {
  if (problems.length >= MAX_PROBLEMS) return;
  if (schema.oneOf) {
    const passing = schema.oneOf.filter((branch) => checkJsonSchema(value, branch, path).length === 0).length;
    if (passing !== 1) problems.push(`${path} must match exactly one of ${schema.oneOf.length} forms`);
    return;
  }
  if (schema.type && !hasType(value, schema.type)) {
    problems.push(`${path} must be ${schema.type === 'array' || schema.type === 'object' ? 'an' : 'a'} ${schema.type}`);
    return;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    problems.push(`${path} must be one of ${schema.enum.map((entry) => JSON.stringify(entry)).join(', ')}`);
    return;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.maxLength !== undefined && length > schema.maxLength) {
      problems.push(`${path} must be at most ${schema.maxLength} characters`);
    }
    if (schema.minLength !== undefined && length < schema.minLength) {
      problems.push(`${path} must be at least ${schema.minLength} characters`);
    }
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      problems.push(`${path} must be at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum)
      problems.push(`${path} must be at most ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      problems.push(`${path} must have at most ${schema.maxItems} entries`);
    }
    if (schema.uniqueItems && new Set(value.map((entry) => JSON.stringify(entry))).size !== value.length) {
      problems.push(`${path} must not repeat an entry`);
    }
    const items = schema.items;
    if (items) {
      for (const [index, entry] of value.entries()) check(entry, items, `${path}[${index}]`, problems);
    }
  } else if (typeOf(value) === 'object') {
    checkObject(value as Record<string, unknown>, schema, path, problems);
  }
}

/**
 * What is wrong with `value` against `schema`, one sentence per problem naming where (`settings.counter_data`),
 * at most {@link MAX_PROBLEMS}; an empty list when it fits.
 */
export function checkJsonSchema(value: unknown, schema: JsonSchema, path = 'value'): string[] {
  const problems: string[] = [];
  check(value, schema, path, problems);
  return problems.slice(0, MAX_PROBLEMS);
}
