/**
 * The lists of the newest API version's enums that live in code, held to its published schema
 * (`workspace-platform-emulator/schemas`), so adding a version shows every list that has to follow:
 * - the SDK's `COLUMN_KINDS` holds exactly the values of the `ColumnType` enum;
 * - codegen's `VALUE_KINDS` has an entry for every `ColumnValue` implementation with a kind of its own (all but
 *   `BatteryValue`, a status roll-up that claims `status` only when selected alone, and `UnsupportedValue`), each
 *   its name without `Value` in snake case, a value of `ColumnType`.
 */
import { buildSchema, type GraphQLEnumType, type GraphQLInterfaceType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_VERSIONS, publishedSdl } from 'workspace-platform-emulator/schemas';
import { COLUMN_KINDS } from 'workspace-platform-sdk';
import { VALUE_KINDS } from '../src/column-narrowing.js';

const newest = PUBLISHED_VERSIONS[PUBLISHED_VERSIONS.length - 1] as string;
const schema = buildSchema(publishedSdl(newest));
const columnTypes = (schema.getType('ColumnType') as GraphQLEnumType).getValues().map((value) => value.name);
const columnValue = schema.getType('ColumnValue') as GraphQLInterfaceType;
const implementations = Object.values(schema.getTypeMap())
  .filter(isObjectType)
  .filter((type) => type.getInterfaces().includes(columnValue))
  .map((type) => type.name);

const snake = (name: string) =>
  name
    .replace(/Value$/, '')
    .replace(/(?<=[a-z0-9])([A-Z])/g, '_$1')
    .toLowerCase();

describe(`the enum lists in code against the newest published schema (${newest})`, () => {
  it("COLUMN_KINDS is the schema's ColumnType enum", () => {
    expect(columnTypes.length).toBeGreaterThan(30);
    expect([...COLUMN_KINDS].sort()).toEqual([...columnTypes].sort());
  });

  it("VALUE_KINDS names every ColumnValue implementation's own kind", () => {
    const own = implementations.filter((name) => name !== 'BatteryValue' && name !== 'UnsupportedValue');
    expect(own.length).toBeGreaterThan(30);
    expect(Object.keys(VALUE_KINDS).sort()).toEqual(own.sort());
    for (const [typename, kinds] of Object.entries(VALUE_KINDS)) {
      expect(kinds, typename).toEqual([snake(typename)]);
      expect(columnTypes, typename).toContain(snake(typename));
    }
  });
});
