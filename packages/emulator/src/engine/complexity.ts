/**
 * Deterministic complexity cost of an operation, computed from the document and its variables only.
 *
 * Formula (an upper bound: every fragment and inline fragment counts, but what `@skip`/`@include` switch off does not):
 *   cost(selection) = Σ over fields of fieldCost
 *   fieldCost(`__typename`)      = 0
 *   fieldCost(scalar/enum field) = LEAF_COST × size
 *   fieldCost(object field)      = OBJECT_COST + size × cost(its selection)
 *   size = the field's `limit` argument (given or its schema default), capped by the number of `ids` when
 *          given; else DEFAULT_LIST_SIZE for list fields; else 1.
 *          `ItemsResponse.items` has size 1 because `items_page(limit:)` above it already counted the page.
 *          `__Schema.types` has the size of the schema's type map.
 *   Each top-level field of a mutation (also when selected through a fragment) adds MUTATION_COST.
 *   Each named fragment is costed once per operation and reused at every spread.
 *   A field, inline fragment or fragment spread that `@include(if: false)` or `@skip(if: true)` switches off (by a
 *   literal or a variable) costs nothing: it is never run nor answered. Common GraphQL cost analyses leave it out
 *   (graphql-query-complexity does), and the platform settles a query's charge on what it really cost once answered
 *   (https://developer.monday.com/api-reference/changelog/improved-api-complexity-calculation); its docs say nothing
 *   of the two directives themselves. Pinned by test/complexity-budget.test.ts.
 *   `items_page(limit: 0)`: the docs give a default (25) and a maximum (500), nothing below 1
 *   (https://developer.monday.com/api-reference/reference/items-page), so what the platform answers is unknown; the
 *   emulator refuses it (./page-limits.ts) and costs it as an empty page (its object alone).
 *   Introspection (`__schema`, `__type` and their subtrees) is costed by the same formula but kept apart: it is
 *   capped per request (see introspectionCap) instead of charged to the budget; past MAX_INTROSPECTION_ROOTS
 *   `__schema`/`__type` selections in one operation its cost is infinite (refused), however small each one is
 *   (pinned by packages/emulator/test/engine-introspection.test.ts).
 * Example: `{ boards(limit: 5) { id name owner { account { slug } } } }`
 *   = 100 + 5 × (10 + 10 + (100 + (100 + 10))) = 1250.
 */
import {
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLCompositeType,
  type GraphQLField,
  GraphQLIncludeDirective,
  type GraphQLObjectType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  getArgumentValues,
  getDirectiveValues,
  getIntrospectionQuery,
  getNamedType,
  getNullableType,
  type InlineFragmentNode,
  isCompositeType,
  isListType,
  Kind,
  type OperationDefinitionNode,
  parse,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
} from 'graphql';

/** Cost of a scalar or enum field. */
export const LEAF_COST = 10;
/** Cost of resolving an object field, before its selection. */
export const OBJECT_COST = 100;
/** Assumed length of a list field that takes no `limit`. */
export const DEFAULT_LIST_SIZE = 10;
/** Extra cost of each top-level mutation field. */
export const MUTATION_COST = 10_000;

/**
 * The cost of an operation in two parts: what is charged to the complexity budget, and the introspection it
 * selects (`__schema`, `__type` and everything under them), which is bounded per request instead.
 */
export interface OperationCost {
  /** Charged to the complexity budget. */
  api: number;
  /** The introspection part, by the same formula; see {@link introspectionCap}. */
  introspection: number;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  /** The mutation root, whose every field (direct or through a fragment) adds {@link MUTATION_COST}. */
  mutationRoot: GraphQLObjectType | null | undefined;
  /**
   * Cost of each named fragment, computed once. A spread costs the same wherever it appears (its type condition,
   * not the spot, decides its parent type), so F0 spreading F1 twice, F1 spreading F2 twice, and so on, costs a walk
   * of each fragment once instead of 2^n expansions.
   */
  fragmentCosts: Map<string, OperationCost>;
  /** `__schema` and `__type` selections seen so far. */
  introspectionRoots: number;
}

/**
 * The most `__schema` / `__type` selections one operation may hold. The standard introspection query has one; 300
 * aliased small ones stayed under the cost cap while answering 6.8 MiB for nothing.
 */
export const MAX_INTROSPECTION_ROOTS = 5;

function sizeOf(field: GraphQLField<unknown, unknown>, node: FieldNode, parent: string, walk: Walk): number {
  if (parent === 'ItemsResponse' && field.name === 'items') return 1;
  // The schema's own type list is as long as the schema, whatever its size: count what the answer will hold.
  if (parent === '__Schema' && field.name === 'types') return Object.keys(walk.schema.getTypeMap()).length;
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

/** The definition of a field selected on `parent`; `__typename` (and an unknown field) has none and costs nothing. */
function fieldOf(parent: GraphQLCompositeType, name: string, walk: Walk): GraphQLField<unknown, unknown> | undefined {
  if (name === '__schema' || name === '__type') {
    return parent === walk.schema.getQueryType()
      ? name === '__schema'
        ? SchemaMetaFieldDef
        : TypeMetaFieldDef
      : undefined;
  }
  if (name === '__typename' || !('getFields' in parent)) return undefined;
  return parent.getFields()[name];
}

/**
 * Whether `@skip` and `@include` keep `node` (as execution decides: skipped when `@skip(if: true)` or
 * `@include(if: false)`). A directive whose value cannot be read keeps it: the cost stays an upper bound.
 */
function included(node: FieldNode | FragmentSpreadNode | InlineFragmentNode, walk: Walk): boolean {
  if (!node.directives?.length) return true;
  try {
    if (getDirectiveValues(GraphQLSkipDirective, node, walk.variables)?.if === true) return false;
    return getDirectiveValues(GraphQLIncludeDirective, node, walk.variables)?.if !== false;
  } catch {
    return true;
  }
}

function selectionCost(selectionSet: SelectionSetNode, parent: GraphQLCompositeType, walk: Walk): OperationCost {
  const total: OperationCost = { api: 0, introspection: 0 };
  for (const selection of selectionSet.selections) {
    if (!included(selection, walk)) continue;
    if (selection.kind === Kind.FIELD) {
      const field = fieldOf(parent, selection.name.value, walk);
      if (!field) continue;
      if (parent === walk.mutationRoot) total.api += MUTATION_COST;
      const cost = fieldCost(field, selection, parent, walk);
      if (field === SchemaMetaFieldDef || field === TypeMetaFieldDef) {
        walk.introspectionRoots += 1;
        total.introspection +=
          walk.introspectionRoots > MAX_INTROSPECTION_ROOTS ? Number.POSITIVE_INFINITY : cost.api + cost.introspection;
      } else add(total, cost, 1);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      add(total, fragmentCost(selection.name.value, walk), 1);
    } else {
      const typeName = selection.typeCondition?.name.value;
      const type = typeName ? walk.schema.getType(typeName) : parent;
      if (type && isCompositeType(type)) add(total, selectionCost(selection.selectionSet, type, walk), 1);
    }
  }
  return total;
}

function fieldCost(
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  parent: GraphQLCompositeType,
  walk: Walk,
): OperationCost {
  const size = sizeOf(field, node, parent.name, walk);
  const type = getNamedType(field.type);
  if (!isCompositeType(type) || !node.selectionSet) return { api: LEAF_COST * size, introspection: 0 };
  const cost: OperationCost = { api: OBJECT_COST, introspection: 0 };
  // An empty page costs its object alone (and 0 × an overflowing subtree must not make NaN).
  if (size > 0) add(cost, selectionCost(node.selectionSet, type, walk), size);
  return cost;
}

function fragmentCost(name: string, walk: Walk): OperationCost {
  const known = walk.fragmentCosts.get(name);
  if (known !== undefined) return known;
  const fragment = walk.fragments.get(name);
  const type = fragment ? walk.schema.getType(fragment.typeCondition.name.value) : undefined;
  // Validation has ruled out cycles; the placeholder still keeps a cyclic document from recursing forever.
  walk.fragmentCosts.set(name, { api: 0, introspection: 0 });
  const cost =
    fragment && type && isCompositeType(type)
      ? selectionCost(fragment.selectionSet, type, walk)
      : { api: 0, introspection: 0 };
  walk.fragmentCosts.set(name, cost);
  return cost;
}

function add(total: OperationCost, cost: OperationCost, times: number): void {
  total.api += times * cost.api;
  total.introspection += times * cost.introspection;
}

/**
 * Both parts of the cost of `operation` (already validated) with coerced `variables`. Linear in the size of the
 * document, whatever its fragments do. Each part is a non-negative number; an absurd operation may cost `Infinity`,
 * which no budget or cap covers.
 */
export function operationCosts(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  variables: Record<string, unknown>,
): OperationCost {
  const root = schema.getRootType(operation.operation);
  if (!root) return { api: 0, introspection: 0 };
  const walk: Walk = {
    schema,
    fragments: new Map(fragments.map((f) => [f.name.value, f])),
    variables,
    mutationRoot: schema.getMutationType(),
    fragmentCosts: new Map(),
    introspectionRoots: 0,
  };
  const { api, introspection } = selectionCost(operation.selectionSet, root, walk);
  return { api: finite(api), introspection: finite(introspection) };
}

function finite(cost: number): number {
  return Number.isNaN(cost) ? Number.POSITIVE_INFINITY : cost;
}

/** The cost of `operation` charged to the complexity budget (introspection excluded; it is capped instead). */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  variables: Record<string, unknown>,
): number {
  return operationCosts(schema, operation, fragments, variables).api;
}

/** How many full introspection queries one request may be worth. */
export const INTROSPECTION_CAP_QUERIES = 2;

const caps = new WeakMap<GraphQLSchema, number>();

/**
 * The most introspection one request may select on `schema`: {@link INTROSPECTION_CAP_QUERIES} times the cost of
 * the standard full introspection query (every option on), by the same formula.
 *
 * Introspection is capped per request rather than charged to the budget. Its answer comes from the schema, never
 * from the account's data, and priced like data a single ordinary introspection query (what GraphiQL or a code
 * generator sends) would cost more than a whole minute's budget once the schema has a few hundred types. The cap
 * keeps that query free and working, and refuses what made introspection a weapon: thousands of aliased
 * `__schema` selections, or `fields { type { ofType { fields ... } } }` nested until the answer explodes. The cap
 * follows the schema, so it stays right however many types the schema has.
 */
export function introspectionCap(schema: GraphQLSchema): number {
  const known = caps.get(schema);
  if (known !== undefined) return known;
  const query = getIntrospectionQuery({
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
  });
  const document = parse(query);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const fragments = document.definitions.filter(
    (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
  );
  const cap = operation
    ? INTROSPECTION_CAP_QUERIES * operationCosts(schema, operation, fragments, {}).introspection
    : 0;
  caps.set(schema, cap);
  return cap;
}
