/**
 * readColumnValue (src/columns/read.ts) is total: it reads whatever a server sends as empty rather than throwing, as
 * its TSDoc promises. The eight hostile values a probe found, then a property over arbitrary JSON (with the keys the
 * readers look up and the keys that break `String()`) for every column kind, in the `value` JSON and in the typed
 * fields alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMN_KINDS, type ColumnValueSource, readColumnValue } from '../../src/index.js';

/** An object `String()` cannot convert: its `toString` is not a function (JSON can say this). */
const HOSTILE = JSON.parse('{"toString":1}');

describe('readColumnValue on hostile values', () => {
  const cases: [string, ColumnValueSource][] = [
    ['file', { id: 'f', type: 'file', value: { files: [{ name: HOSTILE, assetId: 1 }] } }],
    ['creation_log', { id: 'c', type: 'creation_log', value: { created_at: 'x', creator_id: HOSTILE } }],
    ['item_id', { id: 'i', type: 'item_id', value: { item_id: HOSTILE } }],
    ['group', { id: 'g', type: 'group', value: { group_id: HOSTILE } }],
    ['vote', { id: 'v', type: 'vote', value: { votersIds: [1, HOSTILE] } }],
    ['formula', { id: 'fx', type: 'formula', value: null, display_value: HOSTILE }],
    ['board_relation', { id: 'r', type: 'board_relation', value: null, linked_item_ids: ['1', HOSTILE] }],
    ['dropdown', { id: 'd', type: 'dropdown', value: null, values: [null] }],
  ];
  it.each(cases)('%s reads as empty where the value is hostile, and keeps what is sound', (_kind, source) => {
    const reading = readColumnValue(source);
    expect(reading.type).toBe(source.type);
    expect(() => JSON.stringify(reading)).not.toThrow();
  });

  it('keeps the sound entries beside a hostile one', () => {
    expect(
      readColumnValue({ id: 'r', type: 'board_relation', value: null, linked_item_ids: ['1', HOSTILE, 2] }),
    ).toMatchObject({ linkedItemIds: ['1', '2'] });
    expect(readColumnValue({ id: 'v', type: 'vote', value: { votersIds: [1, HOSTILE] } })).toMatchObject({
      voterIds: ['1'],
    });
    expect(
      readColumnValue({ id: 'd', type: 'dropdown', value: null, values: [null, { id: 3, label: 'A' }] }),
    ).toMatchObject({ ids: [3], labels: ['A'] });
    expect(
      readColumnValue({ id: 'fx', type: 'formula', value: null, display_value: HOSTILE, text: '7' }),
    ).toMatchObject({ displayValue: '7' });
  });

  it('reads a source whose type or text is not a string as an unknown kind', () => {
    expect(readColumnValue({ id: 'x', type: HOSTILE, text: HOSTILE } as ColumnValueSource)).toMatchObject({
      type: 'unknown',
      text: '',
      columnType: '',
    });
  });
});

/** Every key a reader looks up, so the generated JSON reaches every path, plus the keys that break conversions. */
const KEYS = [
  ...['scalar', 'text', 'number', 'label', 'index', 'date', 'time', 'persons_and_teams', 'personsAndTeams', 'id'],
  ...['kind', 'values', 'ids', 'from', 'to', 'email', 'phone', 'country_short_name', 'countryShortName', 'url'],
  ...['url_text', 'checked', 'rating', 'tag_ids', 'hour', 'minute', 'week', 'start_date', 'startDate', 'end_date'],
  ...['endDate', 'country', 'code', 'name', 'countryCode', 'countryName', 'lat', 'lng', 'address', 'display_value'],
  ...['linked_item_ids', 'linkedPulseIds', 'linkedPulseId', 'subitems_ids', 'timezone', 'color', 'hex', 'team_id'],
  ...['person_id', 'files', 'assetId', 'objectId', 'created_at', 'creator_id', 'updated_at', 'updater_id'],
  ...['item_id', 'voter_ids', 'votersIds', 'vote_count', 'running', 'duration', 'started_at', 'group_id'],
  ...['entity_id', 'toString', 'valueOf', '__proto__', 'constructor', 'length'],
];

const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -1, 1.5, '', 'x', 'true', '12', '2026-01-02', '1e400', HOSTILE),
    fc.double(),
    fc.string({ maxLength: 6 }),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 4 })), tie('json'), { maxKeys: 5 }),
  ),
}));
/** An object that may hold every key a reader looks up, each present or not. */
const bag = fc.record(Object.fromEntries(KEYS.map((key) => [key, json])), { requiredKeys: [] });
/** An object built as `JSON.parse` builds one, so `__proto__` is an own key as it is off the wire. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/** Whether a reading holds only what its types allow: strings, finite numbers, booleans, null, and lists of those. */
function plain(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(plain);
  if (typeof value === 'object')
    return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(plain);
  return false;
}

describe('readColumnValue is total', () => {
  it('reads arbitrary JSON of every kind, as text or parsed, in value or in the typed fields', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COLUMN_KINDS),
        fc.oneof(json, bag),
        fc.boolean(),
        bag,
        fc.oneof(fc.constant(null), fc.string({ maxLength: 8 }), json),
        (type, value, asText, typed, text) => {
          const source = {
            ...(wire(typed) as object),
            id: 'c',
            type,
            text,
            value: asText ? JSON.stringify(value) : wire(value),
          };
          const reading = readColumnValue(source as ColumnValueSource);
          expect(reading.type).toBe(type);
          expect(typeof reading.text).toBe('string');
          expect(plain(reading)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
