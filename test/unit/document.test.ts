import fc from 'fast-check';
import { print as graphqlPrint, parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { prepareOperation, STRING_CACHE_LIMIT } from '../../src/client/documents/document.js';
import { scanOperations } from '../../src/client/documents/document-scan.js';
import { print } from '../../src/client/documents/print-document.js';
import { PlatformConfigError } from '../../src/client/errors/errors.js';

describe('scanOperations (lexer-based analysis of string documents)', () => {
  it.each([
    ['a named query', 'query Boards { boards { id } }', [{ kind: 'query', name: 'Boards' }]],
    [
      'a named mutation',
      'mutation Make($n: String!) { create_item(item_name: $n) { id } }',
      [{ kind: 'mutation', name: 'Make' }],
    ],
    ['an anonymous mutation', 'mutation { a }', [{ kind: 'mutation' }]],
    ['a subscription', 'subscription OnItem { item { id } }', [{ kind: 'subscription', name: 'OnItem' }]],
    ['the { ... } shorthand as a query', '{ boards { id } }', [{ kind: 'query' }]],
    ['leading whitespace, commas and a BOM', '\uFEFF ,,\n\t query Q { a }', [{ kind: 'query', name: 'Q' }]],
    [
      'several operations in order',
      'query A { a } mutation B { b } subscription C { c } { d }',
      [
        { kind: 'query', name: 'A' },
        { kind: 'mutation', name: 'B' },
        { kind: 'subscription', name: 'C' },
        { kind: 'query' },
      ],
    ],
    ['a comment mentioning mutation', '# mutation Evil { x }\nquery Q { a }', [{ kind: 'query', name: 'Q' }]],
    ['a comment at the very end', 'query Q { a } # mutation M { b }', [{ kind: 'query', name: 'Q' }]],
    [
      'a string argument containing mutation',
      'query Q { search(text: "mutation M { b } {") { id } }',
      [{ kind: 'query', name: 'Q' }],
    ],
    [
      'an escaped quote inside a string',
      'query Q { a(t: "say \\"mutation {\\" now") }',
      [{ kind: 'query', name: 'Q' }],
    ],
    [
      'a block string containing mutation and braces',
      'query Q { a(t: """\nmutation M { b }\n}}} \\""" still inside\n""") }',
      [{ kind: 'query', name: 'Q' }],
    ],
    [
      'a fragment before the operation',
      'fragment BoardFields on Board { id name } mutation M { create_item { ...BoardFields } }',
      [{ kind: 'mutation', name: 'M' }],
    ],
    [
      'a fragment named like a keyword',
      'fragment mutation on Board { id } query Q { a }',
      [{ kind: 'query', name: 'Q' }],
    ],
    [
      'variables with object defaults',
      'query Q($f: In = { mutation: 1 }) { a(f: $f) }',
      [{ kind: 'query', name: 'Q' }],
    ],
    ['a variable named mutation', 'query ($mutation: Int) { a }', [{ kind: 'query' }]],
    ['directives on an operation', 'mutation @live(mutation: true) { a }', [{ kind: 'mutation' }]],
    ['a nested selection named mutation', 'query Q { mutation { subscription } }', [{ kind: 'query', name: 'Q' }]],
    ['no operation at all', 'fragment F on Board { id }', []],
    ['an empty document', '   ', []],
    ['text that is not GraphQL', 'hello world', []],
  ])('finds %s', (_label, source, expected) => {
    expect(scanOperations(source)).toEqual(expected);
  });

  it('never throws on unterminated strings or unbalanced braces', () => {
    expect(scanOperations('query Q { a(t: "open')).toEqual([{ kind: 'query', name: 'Q' }]);
    expect(scanOperations('query Q { a(t: """open')).toEqual([{ kind: 'query', name: 'Q' }]);
    expect(scanOperations('}}} mutation M { a }')).toEqual([{ kind: 'mutation', name: 'M' }]);
  });

  it('finds the operations graphql-js parses, whatever strings, block strings and comments hold', () => {
    // Text that fools a scanner that does not lex: braces, quotes, escapes, keywords and comment marks.
    const tricky = fc.array(fc.constantFrom('{', '}', '(', '"', '\\"', '\\\\', '#', 'query', 'mutation', ' ', 'x'), {
      maxLength: 8,
    });
    const comment = tricky.map((parts) => `# ${parts.join('')}\n`);
    const string = tricky.map((parts) => JSON.stringify(parts.join('')));
    const block = tricky.map((parts) => `"""${parts.join('').replaceAll('"""', '\\"""')} x"""`);
    const noise = fc.array(fc.oneof(comment, fc.constantFrom(' ', ',', '\n', '\t', '\ufeff')), { maxLength: 3 });
    const definition = fc
      .tuple(
        fc.constantFrom('query', 'mutation', 'subscription', '', 'fragment'),
        fc.option(fc.constantFrom('A', 'query', 'Mutation_2', 'on')),
        noise,
        fc.oneof(string, block),
      )
      .map(([keyword, name, gap, value]) => {
        if (keyword === 'fragment') return `fragment F${gap.join('')} on T { a(s: ${value}) }`;
        if (keyword === '') return `{${gap.join('')} a(s: ${value}) { b } }`;
        return `${keyword}${gap.join('')} ${name ?? ''}($v: String = ${value}) @d(s: ${value}) { a(s: ${value}) }`;
      });
    fc.assert(
      fc.property(fc.array(fc.tuple(noise, definition), { minLength: 1, maxLength: 4 }), (parts) => {
        const source = parts.map(([gap, text]) => gap.join('') + text).join('\n');
        const expected = parse(source).definitions.flatMap((node) =>
          node.kind === 'OperationDefinition'
            ? [node.name ? { kind: node.operation, name: node.name.value } : { kind: node.operation }]
            : [],
        );
        expect(scanOperations(source)).toEqual(expected);
      }),
      { seed: 20_261_125, numRuns: 400 },
    );
  });
});

describe('prepareOperation', () => {
  it('prepares a string document: its text, the kind and the name of its operation', async () => {
    const text = 'query Boards { boards { id } }';
    expect(await prepareOperation(text)).toEqual({ kind: 'query', name: 'Boards', text });
  });

  it('honours operationName in a document with several operations', async () => {
    const text = 'query Read { a } mutation Write { b }';
    expect((await prepareOperation(text, 'Write')).kind).toBe('mutation');
    expect((await prepareOperation(text, 'Read')).kind).toBe('query');
  });

  it('caches: the same string and operation name give the same prepared object', async () => {
    const text = 'query Cached { a }';
    expect(await prepareOperation(text)).toBe(await prepareOperation(text));
  });

  it('bounds the string cache: the oldest documents are analysed again once it is full', () => {
    const first = prepareOperation('query Oldest { a }');
    for (let i = 0; i < STRING_CACHE_LIMIT; i += 1) prepareOperation(`query Filler${i} { a }`);
    const again = prepareOperation('query Oldest { a }');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(prepareOperation(`query Filler${STRING_CACHE_LIMIT - 1} { a }`)).toBe(
      prepareOperation(`query Filler${STRING_CACHE_LIMIT - 1} { a }`),
    );
  });

  it('accepts String subclasses such as codegen TypedDocumentString, cached per object', async () => {
    class TypedDocumentString extends String {
      constructor(private readonly value: string) {
        super(value);
      }
      override toString(): string {
        return this.value;
      }
    }
    const doc = new TypedDocumentString('mutation CreateItem { create_item { id } }');
    const prepared = await prepareOperation(doc);
    expect(prepared).toMatchObject({ kind: 'mutation', name: 'CreateItem' });
    expect(await prepareOperation(doc)).toBe(prepared);
  });

  it('reads AST documents directly and sends their source text', async () => {
    const source = 'query A { a }\nmutation B { b }';
    const ast = parse(source);
    const prepared = await prepareOperation(ast, 'B');
    expect(prepared).toMatchObject({ kind: 'mutation', name: 'B', text: source });
  });

  it('loads the AST printer only for an AST without source text, then prints such a document once', async () => {
    // A module instance of its own: the unit project shares modules between test files (isolate: false), and a file
    // run earlier in the same worker may have loaded the printer already.
    vi.resetModules();
    const { documentReady, prepareOperation } = await import('../../src/client/documents/document.js');
    const ast = parse('mutation Make { create_item { id } }', { noLocation: true });
    expect(ast.loc).toBeUndefined();
    for (const ready of ['query A { a }', new String('query A { a }'), parse('query A { a }')])
      expect(documentReady(ready)).toBeUndefined();
    const loading = documentReady(ast);
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(documentReady(ast)).toBeUndefined();
    const prepared = prepareOperation(ast);
    expect(prepared.kind).toBe('mutation');
    expect(prepared.text).toBe('mutation Make { create_item { id } }');
    expect(prepareOperation(ast)).toBe(prepared);
  });

  it.each([
    ['no operation', 'fragment F on Board { id }', undefined, /no query, mutation or subscription/],
    [
      'several operations and no operationName',
      'query A { a } query B { b }',
      undefined,
      /holds 2 operations \(A, B\); pass operationName/,
    ],
    ['an unknown operationName', 'query A { a }', 'Nope', /'Nope' is not an operation of the document \(it holds: A\)/],
  ])('rejects a document with %s', (_label, text, operationName, message) => {
    expect(() => prepareOperation(text, operationName)).toThrow(PlatformConfigError);
    expect(() => prepareOperation(text, operationName)).toThrow(message);
  });

  it.each([[42], [null], [{ not: 'a document' }]])('rejects %j as a document', (value) => {
    expect(() => prepareOperation(value)).toThrow(/GraphQL string, a TypedDocumentString or a DocumentNode/);
  });
});

describe('printing AST documents without source text', () => {
  const SOURCE = String.raw`
    query Items($ids: [ID!]!, $limit: Int = 25, $filter: ItemFilter = { status: DONE, tags: ["a", "b"], nested: { x: null } }) @cached(ttl: 1.5) {
      boards(ids: $ids) {
        id
        alias: name
        items_page(limit: $limit, query_params: $filter) @include(if: true) {
          items { ...ItemFields ... on Item { state } ... @skip(if: false) { id } }
        }
      }
    }
    fragment ItemFields on Item { id name column_values(ids: ["status"]) { text } }
    mutation Note($text: String = "line\nbreak \"quoted\" \\ tab\t") { create_update(body: $text, empty: "", flag: false, list: [], obj: {}) { id } }
    subscription { item_created { id } }
  `;

  it('prints what graphql would, for every executable construct', () => {
    const ast = parse(SOURCE, { noLocation: true });
    const ours = prepareOperation(ast, 'Items', print).text;
    expect(graphqlPrint(parse(ours))).toBe(graphqlPrint(ast));
  });

  it('prints block strings as ordinary strings with the same value', () => {
    const ast = parse('query { a(t: """\n  multi "quoted"\n  line\n""") }', { noLocation: true });
    const reparsed = parse(prepareOperation(ast, undefined, print).text);
    expect(graphqlPrint(reparsed)).toBe(
      graphqlPrint(ast).replace(/"""[\s\S]*"""/, JSON.stringify('multi "quoted"\nline')),
    );
  });

  it('refuses type-system definitions it cannot send', () => {
    const ast = parse('type Query { a: Int } query Q { a }', { noLocation: true });
    expect(() => prepareOperation(ast, 'Q', print)).toThrow(/holding a 'ObjectTypeDefinition' node/);
    const schema = parse(
      'schema { query: Q } scalar S type T implements X @d { a(b: Int = 1): Int } interface X { a: Int } union U = T enum E { A } input I { a: Int = 2 } directive @d on OBJECT extend type T { c: Int }',
      { noLocation: true },
    );
    for (const definition of schema.definitions)
      expect(() => print({ kind: 'Document', definitions: [definition] } as never)).toThrow(/holding a '\w+' node/);
    // A kind named like an inherited property of the printer's table is refused too.
    for (const kind of ['constructor', 'toString', '__proto__'])
      expect(() => print({ kind })).toThrow(new RegExp(`holding a '${kind}' node`));
  });
});
