/** The typed reading of each column kind that {@link readColumnValue} returns, discriminated on `type`. */

/** What every reading holds. */
interface ReadingBase<T extends string> {
  /** The column kind. */
  type: T;
  /** Column id. */
  id: string;
  /** The platform's display text ('' when empty). */
  text: string;
}

/** A person or team in a people column. */
export interface PeopleEntity {
  id: number;
  kind: 'person' | 'team';
}

/** A file held by a file column. */
export interface ColumnFile {
  name: string;
  /** Asset id of an uploaded file; absent for links to other services. */
  assetId?: number;
}

/** The reading of each readable column kind, by kind. */
export interface ColumnReadings {
  text: { value: string | null };
  long_text: { value: string | null };
  name: { value: string | null };
  numbers: { number: number | null };
  status: { label: string | null; index: number | null };
  date: { date: string | null; time: string | null };
  people: { personsAndTeams: PeopleEntity[] };
  dropdown: { ids: number[]; labels: string[] };
  timeline: { from: string | null; to: string | null };
  email: { email: string | null; label: string | null };
  phone: { phone: string | null; countryCode: string | null };
  link: { url: string | null; label: string | null };
  checkbox: { checked: boolean };
  rating: { rating: number | null };
  tags: { tagIds: number[] };
  hour: { hour: number | null; minute: number | null };
  week: { startDate: string | null; endDate: string | null };
  country: { code: string | null; name: string | null };
  location: { lat: number | null; lng: number | null; address: string | null };
  board_relation: { linkedItemIds: string[] };
  dependency: { linkedItemIds: string[] };
  subtasks: { linkedItemIds: string[] };
  world_clock: { timezone: string | null };
  color_picker: { color: string | null };
  team: { teamId: number | null };
  person: { personId: number | null };
  file: { files: ColumnFile[] };
  formula: { displayValue: string };
  mirror: { displayValue: string };
  auto_number: { number: number | null };
  creation_log: { createdAt: string | null; creatorId: string | null };
  last_updated: { updatedAt: string | null; updaterId: string | null };
  item_id: { itemId: string | null };
  vote: { voteCount: number; voterIds: string[] };
  progress: { percent: number | null };
  button: { label: string | null };
  time_tracking: { running: boolean; durationSeconds: number | null; startedAt: string | null };
  group: { groupId: string | null };
  item_assignees: { personsAndTeams: PeopleEntity[] };
  doc: { docId: string | null };
  direct_doc: { docId: string | null };
  integration: { entityId: string | null };
  unsupported: Record<never, never>;
}

/** A kind {@link readColumnValue} reads. */
export type ReadableColumnKind = keyof ColumnReadings;

/** The reading of a column of kind `K`. */
export type ColumnReadingOf<K extends ReadableColumnKind> = ReadingBase<K> & ColumnReadings[K];

/** A column of a kind this SDK does not know (newer than its pinned version): only its text is read. */
export interface UnknownColumnReading extends ReadingBase<'unknown'> {
  /** The `type` the API sent. */
  columnType: string;
}

/** What {@link readColumnValue} returns: narrow it on `type`. */
export type ColumnReading =
  | { [K in ReadableColumnKind]: ColumnReadingOf<K> }[ReadableColumnKind]
  | UnknownColumnReading;
