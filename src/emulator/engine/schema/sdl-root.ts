/** Query and Mutation of the emulator's schema, which differ between API versions. */
import type { VersionFeatures } from '../versions.js';

/** The root operation types for a version with `features`. */
export function rootTypesSdl(features: VersionFeatures): string {
  const latest = features.boardsLatestArgument ? '\n    latest: Boolean' : '';
  return /* GraphQL */ `
type Query {
  "Boards of the caller's account."
  boards(
    board_kind: BoardKind
    ids: [ID!]${latest}
    limit: Int = 25
    order_by: BoardsOrderBy
    page: Int = 1
    state: State = active
    workspace_ids: [ID]
  ): [Board]
  "Items by id."
  items(exclude_nonactive: Boolean, ids: [ID!], limit: Int = 25, newest_first: Boolean, page: Int = 1): [Item]
  "Continues an items_page listing from its cursor."
  next_items_page(cursor: String!, limit: Int! = 25): ItemsResponse!
  "The user the token acts as."
  me: User
  "Users of the caller's account."
  users(
    emails: [String]
    ids: [ID!]
    kind: UserKind
    limit: Int
    name: String
    newest_first: Boolean
    non_active: Boolean
    page: Int
  ): [User]
  "The caller's account."
  account: Account
  "Complexity budget figures of this request."
  complexity: Complexity
  "The API version in force."
  version: Version!
  "Every API version served."
  versions: [Version!]
}

type Mutation {
  "Creates an item; null when it could not be created."
  create_item(
    board_id: ID!
    column_values: JSON
    create_labels_if_missing: Boolean
    group_id: String
    item_name: String!
    position_relative_method: PositionRelative
    relative_to: ID
  ): Item
  "Sets one column of an item from a JSON value."
  change_column_value(
    board_id: ID!
    column_id: String!
    create_labels_if_missing: Boolean
    item_id: ID
    value: JSON!
  ): Item
  "Sets one column of an item from a plain string."
  change_simple_column_value(
    board_id: ID!
    column_id: String!
    create_labels_if_missing: Boolean
    item_id: ID
    value: String
  ): Item
  "Sets several columns of an item from a JSON object keyed by column id."
  change_multiple_column_values(
    board_id: ID!
    column_values: JSON!
    create_labels_if_missing: Boolean
    item_id: ID
  ): Item
  "Archives an item."
  archive_item(item_id: ID): Item
  "Deletes an item."
  delete_item(item_id: ID): Item
  "Attaches an uploaded file to a file column of an item."
  add_file_to_column(column_id: String!, file: File!, item_id: ID!): Asset
}
`;
}
