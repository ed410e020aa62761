/**
 * The finishing step of generation, as pure functions: identical union members collapse, the comments of
 * `.graphql` files become TSDoc on each operation's document, result and variables, and paging facts are
 * read from a document.
 */
import { parse, Source } from 'graphql';
import { describe, expect, it } from 'vitest';
import { commentAbove } from '../src/comments.js';
import { dedupeUnions, documentOperations } from '../src/finish.js';
import { pagingMeta } from '../src/paging-meta.js';

describe('dedupeUnions', () => {
  it('prints a union of identical members inside Array<> as the one member', () => {
    const text = [
      '  values: Array<',
      '    | { id: string }',
      '    | { id: string }',
      '    | { id: string }',
      '  > };',
    ].join('\n');
    expect(dedupeUnions(text)).toBe('  values: Array<{ id: string }> };');
  });

  it('keeps distinct members, dropping only repeats, and leaves unbalanced members alone', () => {
    const text = ['x:', '  | { a: 1 }', '  | { b: 2 }', '  | { a: 1 }'].join('\n');
    expect(dedupeUnions(text)).toBe(['x:', '  | { a: 1 }', '  | { b: 2 }'].join('\n'));
    const open = ['x:', '  | { a: {', '  | { a: {'].join('\n');
    expect(dedupeUnions(open)).toBe(open);
  });
});

describe('comments and TSDoc', () => {
  it('reads the # lines right above an operation, not those further up', () => {
    const body = '# file header\n\n# Lists boards.\n# Two lines.\nquery Boards { boards { id } }\n';
    const definition = parse(new Source(body, 'b.graphql')).definitions[0];
    expect(commentAbove(definition as Parameters<typeof commentAbove>[0])).toBe('Lists boards.\nTwo lines.');
  });

  it('documents the document, result and variables of each operation, escaping */', () => {
    const text = [
      'export type FooQueryVariables = Exact<{ [key: string]: never; }>;',
      'export type FooQuery = { me: { id: string } | null };',
      'export const FooDocument = /*#__PURE__*/ new TypedDocumentString("\\n    query Foo {\\n  me { id }\\n}\\n    ", {"apiVersion":"2024-10"}) as unknown as TypedDocumentString<FooQuery, FooQueryVariables>;',
    ].join('\n');
    const done = documentOperations(`\n${text}`, {
      apiVersion: '2024-10',
      operations: [{ name: 'Foo', comment: 'Who am I? */ Me.' }],
    });
    expect(done).toContain(
      '/**\n * The variables of the `Foo` query ({@link FooDocument}).\n */\nexport type FooQueryVariables',
    );
    expect(done).toContain(
      '/**\n * What the `Foo` query returns ({@link FooDocument}).\n *\n * Who am I? *\\/ Me.\n */\nexport type FooQuery =',
    );
    expect(done).toMatch(
      /\* Who am I\? \*\\\/ Me\.\n \*\n \* The document of the `Foo` query, for `client\.request`\. Generated from the schema of API version 2024-10/,
    );
  });
});

describe('pagingMeta', () => {
  it('names the cursor variable and the query_params variables to clear', () => {
    const document = parse(
      'query P($c: String, $q: ItemsQuery) { boards { items_page(cursor: $c, query_params: $q) { cursor } } }',
    );
    expect(pagingMeta(document)).toEqual({ cursorVariable: 'c', resetVariables: ['q'] });
    expect(pagingMeta(parse('query { boards { items_page(cursor: "x") { cursor } } }'))).toEqual({});
  });
});
