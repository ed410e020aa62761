/**
 * Bad input to the board-model mutations: each gets a clear, typed error and changes nothing in the store.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { acmeGrant, errorCodes, run, snapshot } from './engine-helpers.js';

const ACTIVITY = 'a0b1c2d3-0000-4000-8000-000000000001';

const BAD: [string, string, string, RegExp][] = [
  [
    'an empty board name',
    'mutation { create_board(board_name: " ", board_kind: public) { id } }',
    'INVALID_ARGUMENT',
    /empty/,
  ],
  [
    'a board from an unknown template',
    'mutation { create_board(board_name: "T", board_kind: public, template_id: 1) { id } }',
    'RESOURCE_NOT_FOUND',
    /Board 1 /,
  ],
  [
    'a board from a subitems board',
    'mutation { create_board(board_name: "T", board_kind: public, template_id: 3009) { id } }',
    'INVALID_ARGUMENT',
    /subitems/,
  ],
  [
    "a board from another account's board",
    'mutation { create_board(board_name: "T", board_kind: public, template_id: 3003) { id } }',
    'RESOURCE_NOT_FOUND',
    /Board 3003/,
  ],
  [
    'an unknown owner',
    'mutation { create_board(board_name: "T", board_kind: public, board_owner_ids: [999]) { id } }',
    'RESOURCE_NOT_FOUND',
    /User 999/,
  ],
  [
    'duplicating a subitems board',
    'mutation { duplicate_board(board_id: 3009, duplicate_type: duplicate_board_with_structure) { is_async } }',
    'INVALID_ARGUMENT',
    /subitems/,
  ],
  [
    'a group colour that is not hex',
    'mutation { create_group(board_id: 3001, group_name: "G", group_color: "red") { id } }',
    'INVALID_ARGUMENT',
    /hex/,
  ],
  [
    'a group next to an unknown group',
    'mutation { create_group(board_id: 3001, group_name: "G", relative_to: "nope") { id } }',
    'RESOURCE_NOT_FOUND',
    /nope/,
  ],
  [
    'an unknown group attribute target',
    'mutation { update_group(board_id: 3001, group_id: "later", group_attribute: relative_position_after, new_value: "nope") { id } }',
    'RESOURCE_NOT_FOUND',
    /nope/,
  ],
  [
    'a column kind the platform makes itself',
    'mutation { create_column(board_id: 3001, title: "P", column_type: subtasks) { id } }',
    'INVALID_ARGUMENT',
    /subtasks.*cannot be created/,
  ],
  [
    'column defaults that are not JSON',
    'mutation { create_column(board_id: 3001, title: "P", column_type: status, defaults: "{nope") { id } }',
    'INVALID_ARGUMENT',
    /JSON/,
  ],
  [
    'a taken column id',
    'mutation { create_column(board_id: 3001, title: "P", column_type: text, id: "status") { id } }',
    'INVALID_ARGUMENT',
    /already exists/,
  ],
  [
    'deleting an unknown column',
    'mutation { delete_column(board_id: 3001, column_id: "nope") { id } }',
    'RESOURCE_NOT_FOUND',
    /nope/,
  ],
  [
    'metadata without a property',
    'mutation { change_column_metadata(board_id: 3001, column_id: "text", value: "x") { id } }',
    'INVALID_ARGUMENT',
    /column_property/,
  ],
  [
    'a first subitem with a bad value',
    'mutation { create_subitem(parent_item_id: 4000006, item_name: "S", column_values: "{\\"nope\\": 1}") { id } }',
    'InvalidColumnIdException',
    /nope/,
  ],
  [
    'a simple value for a column the board does not have',
    'mutation { change_simple_column_value(board_id: 3001, item_id: 4000001, column_id: "nope", value: "x") { id } }',
    'InvalidColumnIdException',
    /nope/,
  ],
  [
    'a subitem of a subitem',
    'mutation { create_subitem(parent_item_id: 4000111, item_name: "S") { id } }',
    'INVALID_ARGUMENT',
    /subitems cannot/,
  ],
  [
    'a column mapping to a column of another kind',
    'mutation { move_item_to_board(item_id: 4000001, board_id: 3006, group_id: "topics", columns_mapping: [{ source: "status", target: "long_text" }]) { id } }',
    'INVALID_ARGUMENT',
    /cannot be mapped/,
  ],
  [
    'a subitems mapping that fails after the item mapping',
    'mutation { move_item_to_board(item_id: 4000101, board_id: 3001, group_id: "topics", subitems_columns_mapping: [{ source: "status", target: "nope" }]) { id } }',
    'INVALID_ARGUMENT',
    /cannot be mapped/,
  ],
  [
    'moving a subitem to a board',
    'mutation { move_item_to_board(item_id: 4000111, board_id: 3001, group_id: "topics") { id } }',
    'INVALID_ARGUMENT',
    /subitem/,
  ],
  [
    'moving onto a subitems board',
    'mutation { move_item_to_board(item_id: 4000001, board_id: 3009, group_id: "topics") { id } }',
    'INVALID_ARGUMENT',
    /holds subitems/,
  ],
  [
    'an unknown team',
    'mutation { add_teams_to_board(board_id: 3001, team_ids: [9999]) { id } }',
    'RESOURCE_NOT_FOUND',
    /Team 9999/,
  ],
  [
    'moving to an unknown group',
    'mutation { move_item_to_group(item_id: 4000001, group_id: "nope") { id } }',
    'RESOURCE_NOT_FOUND',
    /nope/,
  ],
  [
    'duplicating an item of another board',
    'mutation { duplicate_item(board_id: 3002, item_id: 4000001) { id } }',
    'RESOURCE_NOT_FOUND',
    /board 3002/,
  ],
  ['an empty update', 'mutation { create_update(item_id: 4000001, body: "  ") { id } }', 'INVALID_ARGUMENT', /empty/],
  ['an update with no item', 'mutation { create_update(body: "x") { id } }', 'INVALID_ARGUMENT', /item_id/],
  ['a reply to a reply', 'mutation { create_update(parent_id: 9002, body: "x") { id } }', 'INVALID_ARGUMENT', /reply/],
  [
    "editing someone else's update",
    'mutation { edit_update(id: 9003, body: "x") { id } }',
    'USER_UNAUTHORIZED',
    /author/,
  ],
  ['pinning a reply', 'mutation { pin_to_top(id: 9002) { id } }', 'INVALID_ARGUMENT', /reply/],
  [
    'a duplicate activity name',
    'mutation { create_custom_activity(name: "Client call", icon_id: FLAG, color: GRAY) { id } }',
    'INVALID_ARGUMENT',
    /already exists/,
  ],
  [
    'a timeline item with a bad time',
    `mutation { create_timeline_item(item_id: 4000001, custom_activity_id: "${ACTIVITY}", title: "T", timestamp: "soon") { id } }`,
    'INVALID_ARGUMENT',
    /ISO 8601/,
  ],
  [
    'a reversed time range',
    `mutation { create_timeline_item(item_id: 4000001, custom_activity_id: "${ACTIVITY}", title: "T", timestamp: "2024-10-01T10:00:00Z", time_range: { start_timestamp: "2024-10-02T10:00:00Z", end_timestamp: "2024-10-01T10:00:00Z" }) { id } }`,
    'INVALID_ARGUMENT',
    /ends before/,
  ],
  [
    'an unknown custom activity',
    'mutation { create_timeline_item(item_id: 4000001, custom_activity_id: "nope", title: "T", timestamp: "2024-10-01T10:00:00Z") { id } }',
    'RESOURCE_NOT_FOUND',
    /nope/,
  ],
  [
    'a timeline cursor not issued',
    '{ timeline(id: 4000121) { timeline_items_page(cursor: "zz") { cursor } } }',
    'INVALID_CURSOR',
    /cursor/,
  ],
];

describe('board model: bad input', () => {
  it.each(BAD)('refuses %s with a typed error and changes nothing', async (_name, query, code, message) => {
    const engine = createEngine();
    const before = snapshot(engine);
    const body = await run(engine, query, { grant: acmeGrant() });
    expect(errorCodes(body)).toEqual([code]);
    expect(body.errors?.[0]?.message).toMatch(message);
    expect(snapshot(engine)).toBe(before);
  });
});
