/**
 * Deterministic complexity cost of an operation, computed from the document and its variables only.
 *
 * Formula (an upper bound: every fragment and inline fragment counts, @skip/@include are ignored):
 *   cost(selection) = Σ over fields of fieldCost
 *   fieldCost(meta field `__*`)  = 0
 *   fieldCost(scalar/enum field) = LEAF_COST × size
 *   fieldCost(object field)      = OBJECT_COST + size × cost(its selection)
 *   size = the field's `limit` argument (given or its schema default), capped by the number of `ids` when
 *          given; else DEFAULT_LIST_SIZE for list fields; else 1.
 *          `ItemsResponse.items` has size 1 because `items_page(limit:)` above it already counted the page.
 *   Each top-level field of a mutation adds MUTATION_COST.
 * Example: `{ boards(limit: 5) { id name owner { account { slug } } } }`
 *   = 100 + 5 × (10 + 10 + (100 + (100 + 10))) = 1250.
 */
import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** Cost of a scalar or enum field. */
export const LEAF_COST = 10;
/** Cost of resolving an object field, before its selection. */
export const OBJECT_COST = 100;
/** Assumed length of a list field that takes no `limit`. */
export const DEFAULT_LIST_SIZE = 10;
/** Extra cost of each top-level mutation field. */
export const MUTATION_COST = 10_000;

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

function sizeOf(field: GraphQLField<unknown, unknown>, node: FieldNode, parent: string, walk: Walk): number {
  if (parent === 'ItemsResponse' && field.name === 'items') return 1;
  let args: Record<string, unknown> = {};
  try {
    args = getArgumentValues(field, node, walk.variables);
  } catch {
    // arguments were validated already; fall back to defaults if coercion still fails
  }
  const limit = typeof args.limit === 'number' ? Math.max(0, args.limit) : undefined;
  if (Array.isArray(args.ids)) return Math.min(limit ?? args.ids.length, args.ids.length);
  if (limit !== undefined) return limit;
  return isListType(getNullableType(field.type)) ? DEFAULT_LIST_SIZE : 1;
}

function selectionCost(selectionSet: SelectionSetNode, parent: GraphQLCompositeType, walk: Walk): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__') || !('getFields' in parent)) continue;
      const field = parent.getFields()[selection.name.value];
      if (!field) continue;
      const size = sizeOf(field, selection, parent.name, walk);
      const type = getNamedType(field.type);
      total +=
        isCompositeType(type) && selection.selectionSet
          ? OBJECT_COST + size * selectionCost(selection.selectionSet, type, walk)
          : LEAF_COST * size;
    } else {
      const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? walk.fragments.get(selection.name.value) : selection;
      if (!fragment) continue;
      const typeName = fragment.typeCondition?.name.value;
      const type = typeName ? walk.schema.getType(typeName) : parent;
      if (type && isCompositeType(type)) total += selectionCost(fragment.selectionSet, type, walk);
    }
  }
  return total;
}

/** The cost of `operation` (already validated) with coerced `variables`. */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  variables: Record<string, unknown>,
): number {
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  const walk: Walk = { schema, fragments: new Map(fragments.map((f) => [f.name.value, f])), variables };
  const selections = selectionCost(operation.selectionSet, root, walk);
  if (operation.operation !== 'mutation') return selections;
  const topLevel = operation.selectionSet.selections.filter(
    (s) => s.kind === Kind.FIELD && !s.name.value.startsWith('__'),
  );
  return selections + MUTATION_COST * topLevel.length;
}
