/** readColumnValue (src/columns/read.ts): the value JSON, the typed fields of newer versions, unknown kinds. */
import { describe, expect, it } from 'vitest';
import { readColumnValue } from '../../src/index.js';

describe('readColumnValue', () => {
  it('reads the value JSON when no typed field was selected', () => {
    expect(readColumnValue({ id: 'status', type: 'status', text: 'Done', value: '{"index":1}' })).toEqual({
      type: 'status',
      id: 'status',
      text: 'Done',
      label: 'Done',
      index: 1,
    });
    expect(
      readColumnValue({ id: 'd', type: 'date', text: '', value: '{"date":"2026-11-24","time":"14:30:00"}' }),
    ).toMatchObject({
      date: '2026-11-24',
      time: '14:30:00',
    });
    expect(
      readColumnValue({ id: 'p', type: 'people', text: '', value: { personsAndTeams: [{ id: 5, kind: 'team' }] } }),
    ).toMatchObject({ personsAndTeams: [{ id: 5, kind: 'team' }] });
    expect(readColumnValue({ id: 'n', type: 'numbers', text: '42', value: '"42"' })).toMatchObject({ number: 42 });
  });

  it('reads the typed fields when a version nulls value (relations, mirrors)', () => {
    const relation = readColumnValue({
      id: 'rel',
      type: 'board_relation',
      text: null,
      value: null,
      linked_item_ids: ['11', '12'],
      display_value: 'A, B',
    });
    expect(relation).toMatchObject({ type: 'board_relation', linkedItemIds: ['11', '12'] });
    const mirror = readColumnValue({ id: 'm', type: 'mirror', text: null, value: null, display_value: 'Done, Stuck' });
    expect(mirror).toMatchObject({ type: 'mirror', displayValue: 'Done, Stuck' });
    expect(
      readColumnValue({ id: 'rel', type: 'board_relation', value: '{"linkedPulseIds":[{"linkedPulseId":7}]}' }),
    ).toMatchObject({
      linkedItemIds: ['7'],
    });
  });

  it('narrows on type', () => {
    const reading = readColumnValue({ id: 's', type: 'status', text: 'Done', value: null, label: 'Done', index: 1 });
    if (reading.type !== 'status') throw new Error(`read as ${reading.type}`);
    expect(reading.label).toBe('Done');
  });

  it('reads an unknown kind as its text and says so; a malformed value reads as empty', () => {
    expect(readColumnValue({ id: 'x', type: 'hologram', text: 'shiny', value: '{"a":1}' })).toEqual({
      type: 'unknown',
      id: 'x',
      text: 'shiny',
      columnType: 'hologram',
    });
    expect(readColumnValue({ id: 'd', type: 'date', text: '', value: '{not json' })).toMatchObject({
      date: null,
      time: null,
    });
  });
});
