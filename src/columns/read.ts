/**
 * Reading a selected column value into a typed reading of its kind. Each kind reads the typed fields of the newer
 * API versions when the query selected them (`label`, `display_value`, `linked_item_ids`, ...) and the `value` JSON
 * otherwise, so a version that returns `value: null` for a kind (board relations, mirrors) still reads. Formats:
 * https://developer.monday.com/api-reference/reference/column-types-reference and each kind's page, cited in
 * ./builders.ts. Pinned by test/unit/columns-read.test.ts and test/e2e/columns-round-trip.test.ts.
 */
import type { ColumnReading, ColumnReadings, PeopleEntity, ReadableColumnKind } from './reading.js';

/** A selected column value: at least `id` and `type`, plus whatever else the query selected. */
export interface ColumnValueSource {
  /** The column's id. */
  id: string;
  /** The column's type, as the API names it (`status`, `date`, ...). */
  type: string;
  /** The API's text of the value. */
  text?: string | null;
  /** The `value` JSON: the API's JSON text, or already parsed. */
  value?: unknown;
  [field: string]: unknown;
}

type Json = Record<string, unknown>;
type Reader<K extends ReadableColumnKind> = (value: Json, cv: ColumnValueSource, text: string) => ColumnReadings[K];

function parsed(value: unknown): Json {
  let json = value;
  if (typeof value === 'string') {
    try {
      json = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Json) : { scalar: json };
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
/**
 * The text of a scalar, or null for anything else. Never `String(value)` on what a server sent: an object such as
 * `{"toString":1}` makes `String()` throw (pinned by test/unit/columns-read-total.test.ts).
 */
const scalarText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
const num = (value: unknown): number | null => {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
};
const id = (value: unknown): string | null => {
  const text = scalarText(value);
  return text === '' ? null : text;
};
const ids = (values: unknown[]): string[] => values.flatMap((value) => id(value) ?? []);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const pick = (...values: unknown[]): unknown => values.find((value) => value !== undefined && value !== null);
const day = (value: unknown): string | null => str(value)?.slice(0, 10) ?? null;

function entities(value: unknown): PeopleEntity[] {
  return list(value).flatMap((entry) => {
    const { id: entityId, kind } = (entry ?? {}) as Json;
    const number = num(entityId);
    return number === null ? [] : [{ id: number, kind: kind === 'team' ? 'team' : 'person' } as PeopleEntity];
  });
}

function linkedIds(value: Json, cv: ColumnValueSource, field: string): string[] {
  const typed = cv[field];
  if (Array.isArray(typed)) return ids(typed);
  return list(value.linkedPulseIds).flatMap((entry) => {
    const linked = id((entry as Json | null)?.linkedPulseId);
    return linked === null ? [] : [linked];
  });
}

const plainText = (value: Json, _cv: ColumnValueSource, text: string) => ({
  value: str(pick(value.scalar, value.text)) ?? str(text),
});
const displayed = (_value: Json, cv: ColumnValueSource, text: string) => ({
  displayValue: scalarText(cv.display_value) ?? text,
});
const docOf = (value: Json) => ({ docId: id((list(value.files)[0] as Json | undefined)?.objectId) });

const READERS: { [K in ReadableColumnKind]: Reader<K> } = {
  text: plainText,
  long_text: plainText,
  name: plainText,
  numbers: (value, cv, text) => ({ number: num(pick(cv.number, value.scalar, text)) }),
  status: (value, cv, text) => ({
    label: str(pick(cv.label, text)),
    index: num(pick(cv.index, value.index)),
  }),
  date: (value, cv) => ({ date: str(pick(cv.date, value.date)), time: str(pick(cv.time, value.time)) }),
  people: (value, cv) => ({ personsAndTeams: entities(pick(cv.persons_and_teams, value.personsAndTeams)) }),
  dropdown: (value, cv, text) => {
    // `values: [null]` has been seen from a server: an option that is not an object is skipped.
    const options = Array.isArray(cv.values)
      ? cv.values.filter((option): option is Json => typeof option === 'object' && option !== null)
      : undefined;
    return {
      ids: (options ? options.map((option) => option.id) : list(value.ids)).flatMap((entry) => num(entry) ?? []),
      labels: options
        ? options.flatMap((option) => scalarText(option.label) ?? [])
        : text === ''
          ? []
          : text.split(', '),
    };
  },
  timeline: (value, cv) => ({ from: day(pick(cv.from, value.from)), to: day(pick(cv.to, value.to)) }),
  email: (value, cv, text) => ({
    email: str(pick(cv.email, value.email)),
    label: str(pick(cv.label, value.text, text)),
  }),
  phone: (value, cv) => ({
    phone: str(pick(cv.phone, value.phone)),
    countryCode: str(pick(cv.country_short_name, value.countryShortName)),
  }),
  link: (value, cv) => ({ url: str(pick(cv.url, value.url)), label: str(pick(cv.url_text, value.text)) }),
  checkbox: (value, cv) => ({ checked: pick(cv.checked, value.checked) === true || value.checked === 'true' }),
  rating: (value, cv) => ({ rating: num(pick(cv.rating, value.rating)) }),
  tags: (value, cv) => ({ tagIds: list(pick(cv.tag_ids, value.tag_ids)).flatMap((tag) => num(tag) ?? []) }),
  hour: (value, cv) => ({ hour: num(pick(cv.hour, value.hour)), minute: num(pick(cv.minute, value.minute)) }),
  week: (value, cv) => {
    const range = (value.week ?? {}) as Json;
    return { startDate: day(pick(cv.start_date, range.startDate)), endDate: day(pick(cv.end_date, range.endDate)) };
  },
  country: (value, cv) => {
    const typed = (cv.country ?? {}) as Json;
    return { code: str(pick(typed.code, value.countryCode)), name: str(pick(typed.name, value.countryName)) };
  },
  location: (value, cv) => ({
    lat: num(pick(cv.lat, value.lat)),
    lng: num(pick(cv.lng, value.lng)),
    address: str(pick(cv.address, value.address)),
  }),
  board_relation: (value, cv) => ({ linkedItemIds: linkedIds(value, cv, 'linked_item_ids') }),
  dependency: (value, cv) => ({ linkedItemIds: linkedIds(value, cv, 'linked_item_ids') }),
  subtasks: (value, cv) => ({ linkedItemIds: linkedIds(value, cv, 'subitems_ids') }),
  world_clock: (value, cv) => ({ timezone: str(pick(cv.timezone, value.timezone)) }),
  color_picker: (value, cv) => ({ color: str(pick(cv.color, (value.color as Json | undefined)?.hex)) }),
  team: (value, cv) => ({ teamId: num(pick(cv.team_id, value.team_id)) }),
  person: (value, cv) => ({ personId: num(pick(cv.person_id, value.id)) }),
  file: (value) => ({
    files: list(value.files).map((entry) => {
      const file = (entry ?? {}) as Json;
      const assetId = num(file.assetId);
      const name = scalarText(file.name) ?? '';
      return assetId === null ? { name } : { name, assetId };
    }),
  }),
  formula: displayed,
  mirror: displayed,
  auto_number: (_value, _cv, text) => ({ number: num(text) }),
  creation_log: (value, cv) => ({
    createdAt: str(pick(cv.created_at, value.created_at)),
    creatorId: id(pick(cv.creator_id, value.creator_id)),
  }),
  last_updated: (value, cv) => ({
    updatedAt: str(pick(value.updated_at, cv.updated_at)),
    updaterId: id(pick(cv.updater_id, value.updater_id)),
  }),
  item_id: (value, cv, text) => ({ itemId: id(pick(cv.item_id, value.item_id, str(text))) }),
  vote: (value, cv) => {
    const voters = ids(list(pick(cv.voter_ids, value.votersIds)));
    return { voteCount: num(cv.vote_count) ?? voters.length, voterIds: voters };
  },
  progress: (_value, _cv, text) => ({ percent: num(text.replace(/%$/, '')) }),
  button: (_value, cv) => ({ label: str(cv.label) }),
  time_tracking: (value, cv) => ({
    running: pick(cv.running, value.running) === true || value.running === 'true',
    durationSeconds: num(pick(cv.duration, value.duration)),
    startedAt: str(pick(cv.started_at, value.startDate)),
  }),
  group: (value, cv) => ({ groupId: id(pick(cv.group_id, value.group_id)) }),
  item_assignees: (value, cv) => ({ personsAndTeams: entities(pick(cv.persons_and_teams, value.personsAndTeams)) }),
  doc: docOf,
  direct_doc: docOf,
  integration: (value, cv) => ({ entityId: id(pick(cv.entity_id, value.entity_id)) }),
  unsupported: () => ({}),
};

/**
 * The typed reading of a selected column value (`{ id, type, text, value }` plus any typed fields selected), a
 * union to narrow on `type`: `if (reading.type === 'status') reading.label`. A kind this SDK does not know reads as
 * `{ type: 'unknown', columnType, text }`. Never throws: a malformed `value` or field reads as empty (an `id` or
 * `type` that is not text reads as `''`).
 */
export function readColumnValue(cv: ColumnValueSource): ColumnReading {
  const text = typeof cv.text === 'string' ? cv.text : '';
  const type = typeof cv.type === 'string' ? cv.type : '';
  const columnId = scalarText(cv.id) ?? '';
  const read = Object.hasOwn(READERS, type)
    ? (READERS[type as ReadableColumnKind] as Reader<ReadableColumnKind>)
    : undefined;
  if (!read) return { type: 'unknown', id: columnId, text, columnType: type };
  return { ...read(parsed(cv.value), cv, text), type, id: columnId, text } as ColumnReading;
}
