/** Object types of the emulator's schema: a subset of the platform's, same names, arguments and nullability. */
export const OBJECT_TYPES_SDL = /* GraphQL */ `
"An account: the organisation a user belongs to."
type Account {
  id: ID!
  name: String!
  "Subdomain part of the account's address."
  slug: String!
  tier: String
  country_code: String
  logo: String
  active_members_count: Int
  first_day_of_the_week: FirstDayOfTheWeek!
  show_timeline_weekends: Boolean!
}

"A person using the platform."
type User {
  id: ID!
  name: String!
  email: String!
  account: Account!
  enabled: Boolean!
  is_admin: Boolean
  is_guest: Boolean
  is_pending: Boolean
  is_verified: Boolean
  title: String
  created_at: Date
  join_date: Date
  time_zone_identifier: String
  url: String!
}

"A board: groups of items described by columns."
type Board {
  id: ID!
  name: String!
  description: String
  board_kind: BoardKind!
  state: State!
  owner: User! @deprecated(reason: "Use creator or owners.")
  owners: [User]!
  creator: User!
  permissions: String!
  workspace_id: ID
  updated_at: ISO8601DateTime
  url: String!
  items_count: Int
  top_group: Group!
  groups(ids: [String]): [Group]
  columns(ids: [String], types: [ColumnType!]): [Column]
  items_page(cursor: String, limit: Int! = 25): ItemsResponse!
}

"A group of items on a board."
type Group {
  id: ID!
  title: String!
  color: String!
  position: String!
  archived: Boolean
  deleted: Boolean
  items_page(cursor: String, limit: Int! = 25): ItemsResponse!
}

"A column of a board."
type Column {
  id: ID!
  title: String!
  type: ColumnType!
  description: String
  archived: Boolean!
  settings_str: String!
  width: Int
}

"A row of a board."
type Item {
  id: ID!
  name: String!
  board: Board
  group: Group
  state: State
  column_values(ids: [String!], types: [ColumnType!]): [ColumnValue!]!
  assets(assets_source: AssetsSource, column_ids: [String]): [Asset]
  creator: User
  creator_id: String!
  created_at: Date
  updated_at: Date
  url: String!
}

"One page of items and the cursor of the next page (null on the last page)."
type ItemsResponse {
  cursor: String
  items: [Item!]!
}

"An uploaded file."
type Asset {
  id: ID!
  name: String!
  file_extension: String!
  file_size: Int!
  url: String!
  public_url: String!
  url_thumbnail: String
  original_geometry: String
  created_at: Date
  uploaded_by: User!
}

"Complexity budget figures of the current request."
type Complexity {
  before: Int!
  after: Int!
  query: Int!
  reset_in_x_seconds: Int!
}

"An API version."
type Version {
  value: String!
  display_name: String!
  kind: VersionKind!
}
`;
