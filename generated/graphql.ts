/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

export type AddFileToColumnMutationVariables = Exact<{
  item_id: string | number;
  column_id: string;
  file: Blob;
}>;


export type AddFileToColumnMutation = { add_file_to_column: { id: string, name: string, file_extension: string, file_size: number } | null };

export type BoardItemsQueryVariables = Exact<{
  ids: Array<string | number>;
  limit: number;
  cursor?: string | null | undefined;
}>;


export type BoardItemsQuery = { boards: Array<{ id: string, name: string, items_page: { cursor: string | null, items: Array<{ id: string, name: string, group: { id: string, title: string } | null, column_values: Array<
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
          | { id: string, type: ColumnType, text: string | null, value: string | null }
        > }> } } | null> | null };

export type BoardsQueryVariables = Exact<{
  limit?: number | null | undefined;
  ids?: Array<string | number> | null | undefined;
}>;


export type BoardsQuery = { boards: Array<{ id: string, name: string, owner: { account: { slug: string } } } | null> | null };

export type ChangeColumnValueMutationVariables = Exact<{
  board_id: string | number;
  item_id?: string | number | null | undefined;
  column_id: string;
  value: string;
}>;


export type ChangeColumnValueMutation = { change_column_value: { id: string, name: string } | null };

export type ComplexityQueryVariables = Exact<{ [key: string]: never; }>;


export type ComplexityQuery = { complexity: { before: number, after: number, query: number, reset_in_x_seconds: number } | null };

export type CreateItemMutationVariables = Exact<{
  board_id: string | number;
  item_name: string;
  group_id?: string | null | undefined;
  column_values?: string | null | undefined;
}>;


export type CreateItemMutation = { create_item: { id: string, name: string } | null };

export type DeleteItemMutationVariables = Exact<{
  item_id?: string | number | null | undefined;
}>;


export type DeleteItemMutation = { delete_item: { id: string } | null };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, name: string, email: string, account: { id: string, name: string, slug: string } } | null };

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

export const AddFileToColumnDocument = /*#__PURE__*/ new TypedDocumentString(`
    mutation AddFileToColumn($item_id: ID!, $column_id: String!, $file: File!) {
  add_file_to_column(item_id: $item_id, column_id: $column_id, file: $file) {
    id
    name
    file_extension
    file_size
  }
}
    `) as unknown as TypedDocumentString<AddFileToColumnMutation, AddFileToColumnMutationVariables>;
export const BoardItemsDocument = /*#__PURE__*/ new TypedDocumentString(`
    query BoardItems($ids: [ID!]!, $limit: Int!, $cursor: String) {
  boards(ids: $ids) {
    id
    name
    items_page(limit: $limit, cursor: $cursor) {
      cursor
      items {
        id
        name
        group {
          id
          title
        }
        column_values {
          id
          type
          text
          value
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<BoardItemsQuery, BoardItemsQueryVariables>;
export const BoardsDocument = /*#__PURE__*/ new TypedDocumentString(`
    query Boards($limit: Int, $ids: [ID!]) {
  boards(limit: $limit, ids: $ids) {
    id
    name
    owner {
      account {
        slug
      }
    }
  }
}
    `) as unknown as TypedDocumentString<BoardsQuery, BoardsQueryVariables>;
export const ChangeColumnValueDocument = /*#__PURE__*/ new TypedDocumentString(`
    mutation ChangeColumnValue($board_id: ID!, $item_id: ID, $column_id: String!, $value: JSON!) {
  change_column_value(
    board_id: $board_id
    item_id: $item_id
    column_id: $column_id
    value: $value
  ) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<ChangeColumnValueMutation, ChangeColumnValueMutationVariables>;
export const ComplexityDocument = /*#__PURE__*/ new TypedDocumentString(`
    query Complexity {
  complexity {
    before
    after
    query
    reset_in_x_seconds
  }
}
    `) as unknown as TypedDocumentString<ComplexityQuery, ComplexityQueryVariables>;
export const CreateItemDocument = /*#__PURE__*/ new TypedDocumentString(`
    mutation CreateItem($board_id: ID!, $item_name: String!, $group_id: String, $column_values: JSON) {
  create_item(
    board_id: $board_id
    item_name: $item_name
    group_id: $group_id
    column_values: $column_values
  ) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateItemMutation, CreateItemMutationVariables>;
export const DeleteItemDocument = /*#__PURE__*/ new TypedDocumentString(`
    mutation DeleteItem($item_id: ID) {
  delete_item(item_id: $item_id) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteItemMutation, DeleteItemMutationVariables>;
export const MeDocument = /*#__PURE__*/ new TypedDocumentString(`
    query Me {
  me {
    id
    name
    email
    account {
      id
      name
      slug
    }
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;