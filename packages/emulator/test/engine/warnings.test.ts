/**
 * The deprecation warnings of a response (`packages/emulator/src/engine/warnings.ts`): a deprecated field, argument,
 * input field or enum value each draw one warning in the platform's shape, at each place the document uses it, and a
 * deprecated element used once warns once. The published schemas deprecate fields only (the over-the-socket test of that is
 * `packages/emulator/test/server-versions.test.ts`), so this runs against a small schema that deprecates each kind.
 */
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { deprecationWarnings } from '../../src/engine/warnings.js';

const schema = buildSchema(`
  enum Order { asc, desc, oldest_first @deprecated(reason: "Use asc.") }
  input Filter { name: String, title: String @deprecated(reason: "Use name.") }
  type Board { id: ID!, owner: String @deprecated(reason: "Use creator.") }
  type Query {
    boards(limit: Int, page_size: Int @deprecated(reason: "Use limit."), order: Order, filter: Filter): [Board]
  }
`);

const codesOf = (query: string) =>
  deprecationWarnings(schema, parse(query)).map((warning) => [warning.extensions.code, warning.path?.join('.')]);

describe('deprecationWarnings', () => {
  it('warns of a deprecated field in the platform shape, with its location and path', () => {
    expect(deprecationWarnings(schema, parse('{\n  boards {\n    owner\n  }\n}'))).toEqual([
      {
        message: 'Board.owner is deprecated: Use creator.',
        locations: [{ line: 3, column: 5 }],
        path: ['query', 'boards', 'owner'],
        extensions: { code: 'deprecatedField', typeName: 'Board', fieldName: 'owner' },
      },
    ]);
  });

  it('warns of a deprecated argument, input field and enum value, and of nothing current', () => {
    expect(codesOf('{ boards(limit: 1, order: asc, filter: { name: "a" }) { id } }')).toEqual([]);
    expect(
      codesOf('{ boards(page_size: 1, order: oldest_first, filter: { title: "a" }) { id } }').map(([code]) => code),
    ).toEqual(['deprecatedArgument', 'deprecatedEnumValue', 'deprecatedArgument']);
    const [argument] = deprecationWarnings(schema, parse('{ boards(page_size: 1) { id } }'));
    expect(argument?.extensions).toEqual({
      code: 'deprecatedArgument',
      typeName: 'Query',
      fieldName: 'boards',
      argumentName: 'page_size',
    });
  });

  it('warns at each place a deprecated field is used, once per place (a fragment spread twice warns once)', () => {
    expect(codesOf('{ a: boards { owner } b: boards { owner } }')).toEqual([
      ['deprecatedField', 'query.a.owner'],
      ['deprecatedField', 'query.b.owner'],
    ]);
    expect(codesOf('{ a: boards { ...B } b: boards { ...B } } fragment B on Board { owner }')).toEqual([
      ['deprecatedField', 'B.owner'],
    ]);
  });
});
