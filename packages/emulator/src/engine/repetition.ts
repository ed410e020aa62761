/**
 * A linear check, run before validation, that no selection set repeats one response name (`me`, or an alias)
 * more than {@link MAX_REPEATED_FIELD} times, counting through inline fragments and fragment spreads.
 *
 * Validation compares every pair of fields that share a response name (fields that must merge): n repeats cost
 * n² comparisons. graphql-js stops that rule after 500,000 comparisons, but 2,400 copies of `me { id }` (a 10,000
 * token document) still held the event loop for 0.4 to 1.2 s on a loaded machine. Real operations repeat a name
 * a handful of times; refusing the rest first keeps validation small.
 */
import { type DocumentNode, type FragmentDefinitionNode, Kind, type SelectionSetNode } from 'graphql';

/** Most fields with one response name that one selection set may hold. */
export const MAX_REPEATED_FIELD = 100;

/** A response name repeated beyond the bound, and how often it was counted. */
export interface RepeatedField {
  responseName: string;
  count: number;
}

/** The first response name repeated more than {@link MAX_REPEATED_FIELD} times in one selection set, if any. */
export function overRepeatedField(document: DocumentNode): RepeatedField | undefined {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const fragmentCounts = new Map<string, ReadonlyMap<string, number>>();
  let found: RepeatedField | undefined;

  /** Adds the response names of `set` (inline fragments and spreads flattened, each spread once) to `into`. */
  const collect = (set: SelectionSetNode, into: Map<string, number>, spread: Set<string>): void => {
    for (const selection of set.selections) {
      if (found) return;
      if (selection.kind === Kind.FIELD) {
        const name = selection.alias?.value ?? selection.name.value;
        into.set(name, (into.get(name) ?? 0) + 1);
        if (selection.selectionSet) check(selection.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet, into, spread);
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        for (const [name, count] of countsOf(selection.name.value)) into.set(name, (into.get(name) ?? 0) + count);
      }
    }
  };

  const report = (counts: ReadonlyMap<string, number>): void => {
    for (const [responseName, count] of counts) {
      if (count > MAX_REPEATED_FIELD) {
        found ??= { responseName, count };
        return;
      }
    }
  };

  const check = (set: SelectionSetNode): void => {
    const counts = new Map<string, number>();
    collect(set, counts, new Set());
    report(counts);
  };

  /** The flattened response names of a fragment, computed once (an unknown or cyclic fragment counts as empty). */
  const countsOf = (name: string): ReadonlyMap<string, number> => {
    const known = fragmentCounts.get(name);
    if (known) return known;
    fragmentCounts.set(name, new Map());
    const fragment = fragments.get(name);
    const counts = new Map<string, number>();
    if (fragment) collect(fragment.selectionSet, counts, new Set([name]));
    fragmentCounts.set(name, counts);
    report(counts);
    return counts;
  };

  for (const definition of document.definitions) {
    if (found) break;
    if (definition.kind === Kind.OPERATION_DEFINITION) check(definition.selectionSet);
    else if (definition.kind === Kind.FRAGMENT_DEFINITION) countsOf(definition.name.value);
  }
  return found;
}
