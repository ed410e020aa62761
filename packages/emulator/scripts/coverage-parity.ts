/**
 * The root fields whose parity the emulator's own tests show, by the test that shows it, for the coverage table's
 * "Parity shown" column (./coverage.ts). Each test named here runs the `parity` command, with an app's operations
 * on a board, against an emulator standing in for the platform, and checks that the root fields of the operations
 * the report finds answered alike (data, not errors on both sides) are exactly its list here: an entry can be
 * neither added nor kept without the test showing it.
 *
 * What it shows: that an emulator serving a snapshot answers these operations as the emulator the snapshot was
 * taken from does, in everything the report compares, at the version the tests send. It is not a comparison with
 * the platform itself (no test reaches the network); run `parity` against the platform for that.
 */

/** The API version the tests send (the SDK's), which the tests check. */
export const PARITY_SHOWN_VERSION = '2026-10';

/** By test file (from packages/emulator), the `Root.field` coordinates it shows answered alike, sorted. */
export const PARITY_SHOWN: Readonly<Record<string, readonly string[]>> = {
  'test/commands/parity.test.ts': ['Mutation.create_item', 'Query.boards'],
  'test/commands/real-boards-contract.test.ts': [
    'Mutation.change_simple_column_value',
    'Mutation.create_column',
    'Mutation.create_group',
    'Mutation.create_item',
    'Mutation.update_board',
    'Query.boards',
    'Query.items',
    'Query.items_page_by_column_values',
    'Query.me',
  ],
};
