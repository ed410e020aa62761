/** pagingArguments (src/client/documents/paging-scan.ts): the cursor and filter variables a document's text binds. */
import { describe, expect, it } from 'vitest';
import { pagingArguments } from '../../src/client/documents/paging-scan.js';

describe('pagingArguments', () => {
  it('finds the variables bound to cursor and query_params, whatever their names', () => {
    expect(
      pagingArguments(`query ($b: ID!, $after: String, $filter: ItemsQuery) {
        boards(ids: [$b]) { items_page(limit: 5, cursor: $after, query_params: $filter) { cursor items { id } } }
      }`),
    ).toEqual({ cursorVariable: 'after', clearedVariables: ['filter'] });
  });

  it("finds items_page_by_column_values' columns, and takes a null filter as none", () => {
    expect(
      pagingArguments(
        'query ($c: String, $cols: [ItemsPageByColumnValuesQuery!]) { items_page_by_column_values(board_id: 1, cursor: $c, columns: $cols) { cursor } }',
      ),
    ).toEqual({ cursorVariable: 'c', clearedVariables: ['cols'] });
    expect(pagingArguments('{ boards { items_page(cursor: $c, query_params: null) { cursor } } }')).toEqual({
      cursorVariable: 'c',
      clearedVariables: [],
    });
  });

  it('says when the filter is written inline (with or without variables inside it)', () => {
    expect(
      pagingArguments(
        'query ($c: String, $r: [ItemsQueryRule!]) { boards { items_page(cursor: $c, query_params: { rules: $r }) { cursor } } }',
      ),
    ).toEqual({ cursorVariable: 'c', clearedVariables: [], inlineArgument: 'query_params' });
  });

  it('reads no variable definition, string, block string, comment or nested object as an argument', () => {
    const source = `query ($cursor: String, $query_params: ItemsQuery) {
      # items_page(cursor: $wrong, query_params: $wrong)
      boards(ids: ["cursor: $no"]) {
        description(text: """ cursor: $no """)
        items_page(cursor: $cursor, query_params: $query_params) { cursor }
      }
    }`;
    expect(pagingArguments(source)).toEqual({ cursorVariable: 'cursor', clearedVariables: ['query_params'] });
    expect(pagingArguments('query { boards(filter: { cursor: $inner }) { id } }')).toEqual({ clearedVariables: [] });
  });

  it('finds nothing in a document without a cursor variable, and never throws on junk', () => {
    expect(pagingArguments('{ boards { items_page(cursor: "abc") { cursor } } }')).toEqual({ clearedVariables: [] });
    for (const junk of ['', '(', ')))', 'x(cursor:', 'x(cursor: $', '"unterminated', '((((cursor: $a']) {
      expect(() => pagingArguments(junk)).not.toThrow();
    }
  });
});
