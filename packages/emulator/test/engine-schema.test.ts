import {
  buildClientSchema,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  printSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_VERSIONS } from 'workspace-platform-emulator/schemas';
import { API_VERSION } from 'workspace-platform-sdk';
import { createEngine, DEFAULT_VERSION, ENGINE_VERSIONS } from '../src/engine/index.js';
import { acmeGrant, SNAPSHOT } from './engine-helpers.js';

const engine = createEngine();

function schemaOf(version: string): GraphQLSchema {
  return buildClientSchema((engine.introspection(version) as { data: IntrospectionQuery }).data);
}

function field(schema: GraphQLSchema, type: string, name: string): GraphQLField<unknown, unknown> {
  const found = (schema.getType(type) as GraphQLObjectType).getFields()[name];
  if (!found) throw new Error(`${type}.${name} missing`);
  return found;
}

function args(f: GraphQLField<unknown, unknown>): Record<string, string> {
  return Object.fromEntries(f.args.map((arg) => [arg.name, String(arg.type)]));
}

describe('engine schema', () => {
  // The facts below are the published 2025-04 schema's.
  const schema = schemaOf('2025-04');

  it("defaults to the SDK's pinned version and serves every published version", () => {
    expect(engine.defaultVersion).toBe(API_VERSION);
    expect(DEFAULT_VERSION).toBe(API_VERSION);
    expect(engine.versions).toEqual([...PUBLISHED_VERSIONS]);
    expect(ENGINE_VERSIONS).toEqual([...PUBLISHED_VERSIONS].sort());
    expect(ENGINE_VERSIONS).toContain(DEFAULT_VERSION);
  });

  it('has the published types and nullability', () => {
    expect(String(field(schema, 'Query', 'boards').type)).toBe('[Board]');
    expect(String(field(schema, 'Query', 'me').type)).toBe('User');
    expect(String(field(schema, 'Query', 'items').type)).toBe('[Item]');
    expect(String(field(schema, 'Board', 'owner').type)).toBe('User!');
    expect(field(schema, 'Board', 'owner').deprecationReason).toBeTruthy();
    expect(String(field(schema, 'Board', 'items_page').type)).toBe('ItemsResponse!');
    expect(String(field(schema, 'User', 'account').type)).toBe('Account!');
    expect(String(field(schema, 'Account', 'slug').type)).toBe('String!');
    expect(String(field(schema, 'ItemsResponse', 'cursor').type)).toBe('String');
    expect(String(field(schema, 'ItemsResponse', 'items').type)).toBe('[Item!]!');
    expect(String(field(schema, 'Item', 'column_values').type)).toBe('[ColumnValue!]!');
    expect(String(field(schema, 'Complexity', 'reset_in_x_seconds').type)).toBe('Int!');
  });

  it('gives create_item and add_file_to_column their published arguments', () => {
    const createItem = field(schema, 'Mutation', 'create_item');
    expect(String(createItem.type)).toBe('Item');
    expect(args(createItem)).toEqual({
      board_id: 'ID!',
      column_values: 'JSON',
      create_labels_if_missing: 'Boolean',
      group_id: 'String',
      item_name: 'String!',
      position_relative_method: 'PositionRelative',
      relative_to: 'ID',
    });
    const addFile = field(schema, 'Mutation', 'add_file_to_column');
    expect(String(addFile.type)).toBe('Asset');
    expect(args(addFile)).toEqual({ column_id: 'String!', file: 'File!', item_id: 'ID!' });
  });

  it('gives boards its published arguments and defaults', () => {
    const boards = field(schema, 'Query', 'boards');
    expect(args(boards)).toEqual({
      board_kind: 'BoardKind',
      ids: '[ID!]',
      latest: 'Boolean',
      limit: 'Int',
      order_by: 'BoardsOrderBy',
      page: 'Int',
      state: 'State',
      workspace_ids: '[ID]',
    });
    const defaults = Object.fromEntries(boards.args.map((arg) => [arg.name, arg.defaultValue]));
    expect(defaults).toMatchObject({ limit: 25, page: 1, state: 'active' });
    expect(field(schema, 'Board', 'items_page').args.find((arg) => arg.name === 'limit')?.defaultValue).toBe(25);
  });

  it('gives each version its own published types: User.created_at became ISO8601DateTime! in 2026-07', () => {
    expect(String(field(schemaOf('2026-04'), 'User', 'created_at').type)).toBe('Date');
    expect(String(field(schemaOf('2026-07'), 'User', 'created_at').type)).toBe('ISO8601DateTime!');
    expect(engine.sdl('2025-04')).toContain('greeting: String');
    expect(engine.sdl('2025-10')).not.toContain('greeting:');
  });

  it('builds SDL and introspection once per version and rejects unserved versions', () => {
    expect(engine.sdl('2025-04')).toBe(engine.sdl('2025-04'));
    expect(engine.introspection('2025-04')).toBe(engine.introspection('2025-04'));
    expect(engine.sdl('2025-04')).toContain('type Query');
    expect(() => engine.sdl('2024-10')).toThrow(/not served/);
    expect(() => engine.sdl('1999-01')).toThrow(/not served/);
  });

  it('answers the standard introspection query with the same schema as sdl(), at no cost', async () => {
    const prepared = engine.prepare({ query: getIntrospectionQuery(), grant: acmeGrant([]), version: '2025-04' });
    if (!prepared.ok) throw new Error('introspection did not prepare');
    expect(prepared.complexity).toBe(0);
    const body = await prepared.execute(SNAPSHOT);
    expect(body.errors).toBeUndefined();
    expect(printSchema(buildClientSchema(body.data as unknown as IntrospectionQuery))).toBe(engine.sdl('2025-04'));
  });
});
