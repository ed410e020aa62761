/**
 * For the tests that feed the coverage table's "Parity shown" column (scripts/coverage-parity.ts): the root fields
 * of the operations a parity report finds answered alike with data.
 */
import { Kind, type OperationDefinitionNode, parse } from 'graphql';

/**
 * The `Root.field` coordinates of the operations of `documents` whose line in `report` reads `same` (not skipped,
 * not different, not the same errors on both sides), sorted, once each.
 */
export function rootFieldsAnsweredAlike(report: string, documents: readonly string[]): string[] {
  const alike = new Set([...report.matchAll(/^\| ([^|]+) \| [^|]+ \| same \|$/gm)].map((match) => match[1]?.trim()));
  const found = new Set<string>();
  for (const text of documents)
    for (const definition of parse(text).definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || !alike.has(definition.name?.value)) continue;
      const root = rootOf(definition);
      for (const selection of definition.selectionSet.selections)
        if (selection.kind === Kind.FIELD) found.add(`${root}.${selection.name.value}`);
    }
  return [...found].sort();
}

function rootOf(definition: OperationDefinitionNode): string {
  return definition.operation === 'mutation' ? 'Mutation' : definition.operation === 'query' ? 'Query' : 'Subscription';
}
