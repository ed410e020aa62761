import type { DocumentTypeDecoration } from 'workspace-platform-sdk';
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/**
 * `ColumnType`, as the schema of API version 2026-10 defines it.
 */
export type ColumnType =
  | 'auto_number'
  | 'board_relation'
  | 'button'
  | 'checkbox'
  | 'color_picker'
  | 'country'
  | 'creation_log'
  | 'date'
  | 'dependency'
  | 'direct_doc'
  | 'doc'
  | 'dropdown'
  | 'email'
  | 'file'
  | 'formula'
  | 'group'
  | 'hour'
  | 'integration'
  | 'item_assignees'
  | 'item_id'
  | 'last_updated'
  | 'link'
  | 'location'
  | 'long_text'
  | 'mirror'
  | 'name'
  | 'numbers'
  | 'people'
  | 'person'
  | 'phone'
  | 'progress'
  | 'rating'
  | 'status'
  | 'subtasks'
  | 'tags'
  | 'team'
  | 'text'
  | 'time_tracking'
  | 'timeline'
  | 'unsupported'
  | 'vote'
  | 'week'
  | 'world_clock';

/**
 * `ItemsOrderByDirection`, as the schema of API version 2026-10 defines it.
 */
export type ItemsOrderByDirection =
  | 'asc'
  | 'desc';

/**
 * `ItemsQuery`, as the schema of API version 2026-10 defines it.
 */
export type ItemsQuery = {
  groups?: Array<ItemsQueryGroup> | null | undefined;
  ids?: Array<string | number> | null | undefined;
  operator?: ItemsQueryOperator | null | undefined;
  order_by?: Array<ItemsQueryOrderBy> | null | undefined;
  rules?: Array<ItemsQueryRule> | null | undefined;
};

/**
 * `ItemsQueryGroup`, as the schema of API version 2026-10 defines it.
 */
export type ItemsQueryGroup = {
  groups?: Array<ItemsQueryGroup> | null | undefined;
  operator?: ItemsQueryOperator | null | undefined;
  rules?: Array<ItemsQueryRule> | null | undefined;
};

/**
 * `ItemsQueryOperator`, as the schema of API version 2026-10 defines it.
 */
export type ItemsQueryOperator =
  | 'and'
  | 'or';

/**
 * `ItemsQueryOrderBy`, as the schema of API version 2026-10 defines it.
 */
export type ItemsQueryOrderBy = {
  column_id: string;
  direction?: ItemsOrderByDirection | null | undefined;
};

/**
 * `ItemsQueryRule`, as the schema of API version 2026-10 defines it.
 */
export type ItemsQueryRule = {
  column_id: string | number;
  compare_attribute?: string | null | undefined;
  compare_value: string | number | Array<string | number>;
  operator?: ItemsQueryRuleOperator | null | undefined;
};

/**
 * `ItemsQueryRuleOperator`, as the schema of API version 2026-10 defines it.
 */
export type ItemsQueryRuleOperator =
  | 'any_of'
  | 'between'
  | 'contains_terms'
  | 'contains_text'
  | 'ends_with'
  | 'greater_than'
  | 'greater_than_or_equals'
  | 'is_empty'
  | 'is_not_empty'
  | 'lower_than'
  | 'lower_than_or_equal'
  | 'not_any_of'
  | 'not_contains_text'
  | 'starts_with'
  | 'within_the_last'
  | 'within_the_next';

/**
 * The variables of the `AddTask` mutation ({@link AddTaskDocument}).
 */
export type AddTaskMutationVariables = Exact<{
  board: string | number;
  name: string;
  values?: string | null | undefined;
}>;


/**
 * What the `AddTask` mutation returns ({@link AddTaskDocument}).
 *
 * Adds a task to a board with a status and an estimate. Retried safely: the client sends an Idempotency-Key.
 */
export type AddTaskMutation = { create_item: { id: string, name: string } | null };

/**
 * The variables of the `FilteredBoardItems` query ({@link FilteredBoardItemsDocument}).
 */
export type FilteredBoardItemsQueryVariables = Exact<{
  board: string | number;
  limit: number;
  cursor?: string | null | undefined;
  query_params?: ItemsQuery | null | undefined;
}>;


/**
 * What the `FilteredBoardItems` query returns ({@link FilteredBoardItemsDocument}).
 *
 * A page of a board's items, filtered and ordered by `query_params`, with the two columns the app shows.
 * Pass `cursor` (and no `query_params`) for the next page; paginate(client, ...) does that for you.
 */
export type FilteredBoardItemsQuery = { boards: Array<{ items_page: { cursor: string | null, items: Array<{ id: string, name: string, column_values: Array<{ id: string, text: string | null }> }> } } | null> | null };

/**
 * The variables of the `BoardSummary` query ({@link BoardSummaryDocument}).
 */
export type BoardSummaryQueryVariables = Exact<{
  board: string | number;
}>;


/**
 * What the `BoardSummary` query returns ({@link BoardSummaryDocument}).
 *
 * A board's name, owner and columns: what the app prints as a header.
 */
export type BoardSummaryQuery = { boards: Array<{ id: string, name: string, columns: Array<{ id: string, title: string, type: ColumnType } | null> | null } | null> | null };

/**
 * The variables of the `TaskValues` query ({@link TaskValuesDocument}).
 */
export type TaskValuesQueryVariables = Exact<{
  ids?: Array<string | number> | null | undefined;
}>;


/**
 * What the `TaskValues` query returns ({@link TaskValuesDocument}).
 *
 * One task's column values, narrowed by kind: each `... on XValue` fragment adds its typed fields, and the
 * generated element type narrows on `type` (`if (value.type === 'status') value.label`).
 */
export type TaskValuesQuery = { items: Array<{ id: string, name: string, column_values: Array<
      | { id: string, type: Exclude<ColumnType, 'checkbox' | 'date' | 'numbers' | 'status'>, text: string | null, value: string | null }
      | { checked: boolean | null, id: string, type: 'checkbox', text: string | null, value: string | null }
      | { date: string | null, time: string | null, id: string, type: 'date', text: string | null, value: string | null }
      | { number: number | null, id: string, type: 'numbers', text: string | null, value: string | null }
      | { label: string | null, index: number | null, id: string, type: 'status', text: string | null, value: string | null }
    > } | null> | null };

/**
 * A GraphQL document as a string, typed with its result and variables. Pass it to `client.request`.
 */
export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

/**
 * Adds a task to a board with a status and an estimate. Retried safely: the client sends an Idempotency-Key.
 *
 * The document of the `AddTask` mutation, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const AddTaskDocument = /*#__PURE__*/ new TypedDocumentString("mutation AddTask($board:ID!,$name:String!,$values:JSON){create_item(board_id:$board,item_name:$name,column_values:$values){id name}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<AddTaskMutation, AddTaskMutationVariables>;
/**
 * A page of a board's items, filtered and ordered by `query_params`, with the two columns the app shows.
 * Pass `cursor` (and no `query_params`) for the next page; paginate(client, ...) does that for you.
 *
 * The document of the `FilteredBoardItems` query, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const FilteredBoardItemsDocument = /*#__PURE__*/ new TypedDocumentString("query FilteredBoardItems($board:ID!,$limit:Int!,$cursor:String,$query_params:ItemsQuery){boards(ids:[$board]){items_page(limit:$limit,cursor:$cursor,query_params:$query_params){cursor items{id name column_values(ids:[\"status\",\"numbers\"]){id text}}}}}", {"apiVersion":"2026-10","cursorVariable":"cursor","resetVariables":["query_params"]}) as unknown as TypedDocumentString<FilteredBoardItemsQuery, FilteredBoardItemsQueryVariables>;
/**
 * A board's name, owner and columns: what the app prints as a header.
 *
 * The document of the `BoardSummary` query, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const BoardSummaryDocument = /*#__PURE__*/ new TypedDocumentString("query BoardSummary($board:ID!){boards(ids:[$board]){id name columns{id title type}}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<BoardSummaryQuery, BoardSummaryQueryVariables>;
/**
 * One task's column values, narrowed by kind: each `... on XValue` fragment adds its typed fields, and the
 * generated element type narrows on `type` (`if (value.type === 'status') value.label`).
 *
 * The document of the `TaskValues` query, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const TaskValuesDocument = /*#__PURE__*/ new TypedDocumentString("query TaskValues($ids:[ID!]){items(ids:$ids){id name column_values{id type text value...on StatusValue{label index}...on DateValue{date time}...on NumbersValue{number}...on CheckboxValue{checked}}}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<TaskValuesQuery, TaskValuesQueryVariables>;