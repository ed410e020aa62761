/**
 * Generated documents are written compact (packages/codegen/src/literals.ts: compactDocument): no indentation, a space only
 * between two names, so every byte they add to an app's bundle is GraphQL. Each one still means exactly what its
 * `.graphql` file says, strings included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as generated from '../../generated/graphql.js';

const root = join(import.meta.dirname, '..', '..');

/** Each operation of operations/*.graphql, printed by graphql, by name. */
const sources = new Map<string, string>();
for (const file of readdirSync(join(root, 'operations'))) {
  for (const definition of parse(readFileSync(join(root, 'operations', file), 'utf8')).definitions)
    if (definition.kind === Kind.OPERATION_DEFINITION && definition.name)
      sources.set(definition.name.value, print(definition));
}

const documents = Object.entries(generated).filter(([name]) => name.endsWith('Document'));

describe('generated documents', () => {
  it('are every built-in operation', () => {
    expect(documents.map(([name]) => name.replace(/Document$/, '')).sort()).toEqual([...sources.keys()].sort());
  });

  it.each(documents)('%s is compact and means what its .graphql file says', (name, document) => {
    const text = String(document);
    expect(text).not.toMatch(/\s{2}|\n|^\s|\s$/);
    expect(text).not.toMatch(/ [{}():,!$[\]]|[{}():,!$[\]] /);
    expect(print(parse(text))).toBe(sources.get(name.replace(/Document$/, '')));
  });
});
