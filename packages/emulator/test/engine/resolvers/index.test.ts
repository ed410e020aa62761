/** Composing the resolver families: every family's fields in one map, and two families resolving one field refused. */
import { describe, expect, it } from 'vitest';
import { composeResolvers, RESOLVERS } from '../../../src/engine/resolvers/index.js';

describe('composeResolvers', () => {
  it('refuses two families resolving the same field, naming the field and both families', () => {
    const version = () => ({ value: '2024-10' });
    expect(() => composeResolvers({ api: { Query: { version } }, other: { Query: { version } } })).toThrow(
      'Query.version is resolved by two families: api and other',
    );
  });

  it('puts the fields of every family under their type', () => {
    const composed = composeResolvers({
      first: { Query: { me: () => null } },
      second: { Query: { account: () => null } },
    });
    expect(Object.keys(composed.Query ?? {})).toEqual(['me', 'account']);
  });

  it('holds each family where the rule puts it: a type with its family, a mutation with what it changes', () => {
    expect(Object.keys(RESOLVERS.Board ?? {})).toEqual(expect.arrayContaining(['items_page', 'groups', 'updates']));
    expect(Object.keys(RESOLVERS.Item ?? {})).toEqual(expect.arrayContaining(['column_values', 'updates', 'subitems']));
    expect(Object.keys(RESOLVERS.Mutation ?? {})).toEqual(
      expect.arrayContaining(['create_item', 'change_column_value', 'add_file_to_column', 'create_subitem']),
    );
  });
});
