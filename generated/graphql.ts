import type { DocumentTypeDecoration } from '../src/client/documents/typed-document.js';
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
 * The variables of the `AddFileToColumn` mutation ({@link AddFileToColumnDocument}).
 */
export type AddFileToColumnMutationVariables = Exact<{
  item_id: string | number;
  column_id: string;
  file: Blob;
}>;


/**
 * What the `AddFileToColumn` mutation returns ({@link AddFileToColumnDocument}).
 *
 * Uploads a file to a file column of an item. Pass a File or Blob as `file`: the request goes out as multipart.
 */
export type AddFileToColumnMutation = { add_file_to_column: { id: string, name: string, file_extension: string, file_size: number } | null };

/**
 * The variables of the `BoardItems` query ({@link BoardItemsDocument}).
 */
export type BoardItemsQueryVariables = Exact<{
  ids: Array<string | number>;
  limit: number;
  cursor?: string | null | undefined;
}>;


/**
 * What the `BoardItems` query returns ({@link BoardItemsDocument}).
 *
 * One page of a board's items with their group and column values. Pass the returned cursor to get the next page.
 */
export type BoardItemsQuery = { boards: Array<{ id: string, name: string, items_page: { cursor: string | null, items: Array<{ id: string, name: string, group: { id: string, title: string } | null, column_values: Array<{ id: string, type: ColumnType, text: string | null, value: string | null }> }> } } | null> | null };

/**
 * The variables of the `Boards` query ({@link BoardsDocument}).
 */
export type BoardsQueryVariables = Exact<{
  limit?: number | null | undefined;
  ids?: Array<string | number> | null | undefined;
}>;


/**
 * What the `Boards` query returns ({@link BoardsDocument}).
 *
 * Boards by id or the first `limit` boards, with the slug of the account of each board's creator. It is answered as
 * `owner`, the field the platform has since deprecated: `Board.owner` returned the creator, so the shape and the
 * value stay what they were, without the deprecation warning `owner` draws.
 */
export type BoardsQuery = { boards: Array<{ id: string, name: string, owner: { account: { slug: string } } } | null> | null };

/**
 * The variables of the `ChangeColumnValue` mutation ({@link ChangeColumnValueDocument}).
 */
export type ChangeColumnValueMutationVariables = Exact<{
  board_id: string | number;
  item_id?: string | number | null | undefined;
  column_id: string;
  value: string;
}>;


/**
 * What the `ChangeColumnValue` mutation returns ({@link ChangeColumnValueDocument}).
 *
 * Sets one column of an item. `value` is the column's JSON value.
 */
export type ChangeColumnValueMutation = { change_column_value: { id: string, name: string } | null };

/**
 * The variables of the `Complexity` query ({@link ComplexityDocument}).
 */
export type ComplexityQueryVariables = Exact<{ [key: string]: never; }>;


/**
 * What the `Complexity` query returns ({@link ComplexityDocument}).
 *
 * The complexity budget before and after this query, and when it resets.
 */
export type ComplexityQuery = { complexity: { before: number, after: number, query: number, reset_in_x_seconds: number } | null };

/**
 * The variables of the `CreateItem` mutation ({@link CreateItemDocument}).
 */
export type CreateItemMutationVariables = Exact<{
  board_id: string | number;
  item_name: string;
  group_id?: string | null | undefined;
  column_values?: string | null | undefined;
}>;


/**
 * What the `CreateItem` mutation returns ({@link CreateItemDocument}).
 *
 * Creates an item on a board. Sent with an Idempotency-Key, so a retry never creates a second item.
 */
export type CreateItemMutation = { create_item: { id: string, name: string } | null };

/**
 * The variables of the `DeleteItem` mutation ({@link DeleteItemDocument}).
 */
export type DeleteItemMutationVariables = Exact<{
  item_id?: string | number | null | undefined;
}>;


/**
 * What the `DeleteItem` mutation returns ({@link DeleteItemDocument}).
 *
 * Deletes an item.
 */
export type DeleteItemMutation = { delete_item: { id: string } | null };

/**
 * The variables of the `Me` query ({@link MeDocument}).
 */
export type MeQueryVariables = Exact<{ [key: string]: never; }>;


/**
 * What the `Me` query returns ({@link MeDocument}).
 *
 * The user the token acts as, and their account.
 */
export type MeQuery = { me: { id: string, name: string, email: string, account: { id: string, name: string, slug: string } } | null };

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
 * Uploads a file to a file column of an item. Pass a File or Blob as `file`: the request goes out as multipart.
 *
 * The document of the `AddFileToColumn` mutation, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const AddFileToColumnDocument = /*#__PURE__*/ new TypedDocumentString("mutation AddFileToColumn($item_id:ID!,$column_id:String!,$file:File!){add_file_to_column(item_id:$item_id,column_id:$column_id,file:$file){id name file_extension file_size}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<AddFileToColumnMutation, AddFileToColumnMutationVariables>;
/**
 * One page of a board's items with their group and column values. Pass the returned cursor to get the next page.
 *
 * The document of the `BoardItems` query, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const BoardItemsDocument = /*#__PURE__*/ new TypedDocumentString("query BoardItems($ids:[ID!]!,$limit:Int!,$cursor:String){boards(ids:$ids){id name items_page(limit:$limit,cursor:$cursor){cursor items{id name group{id title}column_values{id type text value}}}}}", {"apiVersion":"2026-10","cursorVariable":"cursor"}) as unknown as TypedDocumentString<BoardItemsQuery, BoardItemsQueryVariables>;
/**
 * Boards by id or the first `limit` boards, with the slug of the account of each board's creator. It is answered as
 * `owner`, the field the platform has since deprecated: `Board.owner` returned the creator, so the shape and the
 * value stay what they were, without the deprecation warning `owner` draws.
 *
 * The document of the `Boards` query, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const BoardsDocument = /*#__PURE__*/ new TypedDocumentString("query Boards($limit:Int,$ids:[ID!]){boards(limit:$limit,ids:$ids){id name owner:creator{account{slug}}}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<BoardsQuery, BoardsQueryVariables>;
/**
 * Sets one column of an item. `value` is the column's JSON value.
 *
 * The document of the `ChangeColumnValue` mutation, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const ChangeColumnValueDocument = /*#__PURE__*/ new TypedDocumentString("mutation ChangeColumnValue($board_id:ID!,$item_id:ID,$column_id:String!,$value:JSON!){change_column_value(board_id:$board_id item_id:$item_id column_id:$column_id value:$value){id name}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<ChangeColumnValueMutation, ChangeColumnValueMutationVariables>;
/**
 * The complexity budget before and after this query, and when it resets.
 *
 * The document of the `Complexity` query, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const ComplexityDocument = /*#__PURE__*/ new TypedDocumentString("query Complexity{complexity{before after query reset_in_x_seconds}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<ComplexityQuery, ComplexityQueryVariables>;
/**
 * Creates an item on a board. Sent with an Idempotency-Key, so a retry never creates a second item.
 *
 * The document of the `CreateItem` mutation, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const CreateItemDocument = /*#__PURE__*/ new TypedDocumentString("mutation CreateItem($board_id:ID!,$item_name:String!,$group_id:String,$column_values:JSON){create_item(board_id:$board_id item_name:$item_name group_id:$group_id column_values:$column_values){id name}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<CreateItemMutation, CreateItemMutationVariables>;
/**
 * Deletes an item.
 *
 * The document of the `DeleteItem` mutation, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const DeleteItemDocument = /*#__PURE__*/ new TypedDocumentString("mutation DeleteItem($item_id:ID){delete_item(item_id:$item_id){id}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<DeleteItemMutation, DeleteItemMutationVariables>;
/**
 * The user the token acts as, and their account.
 *
 * The document of the `Me` query, for `client.request`. Generated from the schema of API version 2026-10, which the client sends as `API-Version` with it.
 */
export const MeDocument = /*#__PURE__*/ new TypedDocumentString("query Me{me{id name email account{id name slug}}}", {"apiVersion":"2026-10"}) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;