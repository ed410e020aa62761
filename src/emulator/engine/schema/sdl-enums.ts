/** Scalars and enums of the emulator's schema (a subset of the platform's, same names and values). */
export const SCALARS_AND_ENUMS_SDL = /* GraphQL */ `
"A calendar date or date-time, as an ISO 8601 string."
scalar Date

"A date-time in ISO 8601 format."
scalar ISO8601DateTime

"Any JSON value. Output values are sent as JSON-encoded strings; inputs may be JSON text or a literal."
scalar JSON

"A file sent in a multipart request."
scalar File

"Lifecycle state of a board or item."
enum State {
  active
  all
  archived
  deleted
}

"Who can see a board."
enum BoardKind {
  private
  public
  share
}

"Sort order of a board list."
enum BoardsOrderBy {
  created_at
  used_at
}

"Where a new item goes relative to another."
enum PositionRelative {
  after_at
  before_at
}

"Which users to list."
enum UserKind {
  all
  guests
  non_guests
  non_pending
}

"Where an item's assets come from."
enum AssetsSource {
  all
  columns
  gallery
}

"First day of the week in an account's calendar views."
enum FirstDayOfTheWeek {
  monday
  sunday
}

"Lifecycle label of an API version."
enum VersionKind {
  current
  deprecated
  dev
  maintenance
  old__maintenance
  old_previous_maintenance
  previous_maintenance
  release_candidate
}

"Kind of a column."
enum ColumnType {
  auto_number
  board_relation
  button
  checkbox
  color_picker
  country
  creation_log
  date
  dependency
  direct_doc
  doc
  dropdown
  email
  file
  formula
  group
  hour
  integration
  item_assignees
  item_id
  last_updated
  link
  location
  long_text
  mirror
  name
  numbers
  people
  person
  phone
  progress
  rating
  status
  subtasks
  tags
  team
  text
  time_tracking
  timeline
  unsupported
  vote
  week
  world_clock
}
`;
