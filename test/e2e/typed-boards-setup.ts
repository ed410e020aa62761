/**
 * The boards the typed-boards tests generate from, made on the emulator through the API as an app would: "Launch"
 * with a column of every kind create_column makes (the labels of its status and dropdown columns set, a
 * connect-boards column linked to "Partners" and a mirror showing the partners' status), and "Partners" with a
 * status column.
 */
import { COLUMN_KINDS, type PlatformClient } from '../../src/index.js';

/** Kinds create_column refuses (the platform makes them itself): see test/e2e/columns-round-trip.test.ts. */
export const NOT_CREATABLE = ['name', 'subtasks', 'person', 'unsupported'];

/** The status labels of Launch's status column, by id. */
export const STATUS_LABELS = { 0: 'Working on it', 1: 'Done', 2: 'Stuck' } as const;
/** The dropdown labels of Launch's dropdown column. */
export const DROPDOWN_LABELS = [
  { id: 1, name: 'Web' },
  { id: 2, name: 'Mobile' },
  { id: 3, name: 'Desktop' },
];

/** Runs a mutation or query and returns its data. */
async function call<T>(client: PlatformClient, document: string, variables: Record<string, unknown>): Promise<T> {
  return (await client.request<T>(document, variables)).data;
}

/** Makes a board; resolves to its id. */
export async function createBoard(client: PlatformClient, name: string): Promise<string> {
  const data = await call<{ create_board: { id: string } }>(
    client,
    'mutation ($name: String!) { create_board(board_name: $name, board_kind: public) { id } }',
    { name },
  );
  return data.create_board.id;
}

/** Adds a column; resolves to its id. */
export async function createColumn(
  client: PlatformClient,
  board: string,
  column: { title: string; kind: string; id?: string; defaults?: Record<string, unknown> },
): Promise<string> {
  const data = await call<{ create_column: { id: string } }>(
    client,
    'mutation ($board: ID!, $id: String, $title: String!, $type: ColumnType!, $defaults: JSON) { create_column(board_id: $board, id: $id, title: $title, column_type: $type, defaults: $defaults) { id } }',
    {
      board,
      id: column.id ?? null,
      title: column.title,
      type: column.kind,
      defaults: column.defaults ? JSON.stringify(column.defaults) : null,
    },
  );
  return data.create_column.id;
}

/** Title of each kind's column on Launch: the titles an app would give (keys are their lowerCamelCase). */
const TITLES: Record<string, string> = {
  status: 'Stage',
  date: 'Due date',
  numbers: 'Budget',
  people: 'Owner',
  text: 'Summary',
  dropdown: 'Platforms',
  email: 'Contact email',
  board_relation: 'Partners',
  mirror: 'Partner status',
};

/** The two boards, made on the emulator `client` reaches. */
export async function createLaunchBoards(client: PlatformClient): Promise<{ launch: string; partners: string }> {
  const partners = await createBoard(client, 'Partners');
  await createColumn(client, partners, {
    title: 'Status',
    kind: 'status',
    id: 'partner_status',
    defaults: { labels: { 0: 'Signed', 1: 'Talking' } },
  });
  const launch = await createBoard(client, 'Launch plan');
  const kinds = COLUMN_KINDS.filter((kind) => !NOT_CREATABLE.includes(kind) && kind !== 'mirror');
  for (const kind of kinds) {
    const defaults =
      kind === 'status'
        ? { labels: STATUS_LABELS }
        : kind === 'dropdown'
          ? { settings: { labels: DROPDOWN_LABELS } }
          : kind === 'board_relation'
            ? { boardIds: [Number(partners)] }
            : undefined;
    await createColumn(client, launch, {
      title: TITLES[kind] ?? `${kind.replace(/_/g, ' ')} column`,
      kind,
      id: `c_${kind}`.slice(0, 20),
      ...(defaults ? { defaults } : {}),
    });
  }
  await createColumn(client, launch, {
    title: TITLES.mirror as string,
    kind: 'mirror',
    id: 'c_mirror',
    defaults: { relation_column_id: 'c_board_relation', mirrored_column_id: 'partner_status' },
  });
  return { launch, partners };
}

/** Sets a status column's labels (id → text), as update_column takes them, at the column's current revision. */
export async function setStatusLabels(
  client: PlatformClient,
  board: string,
  columnId: string,
  labels: Record<number, string>,
): Promise<void> {
  const read = await call<{ boards: { columns: { revision: string }[] }[] }>(
    client,
    'query ($b: [ID!], $c: [String]) { boards(ids: $b) { columns(ids: $c) { revision } } }',
    { b: [board], c: [columnId] },
  );
  await call(
    client,
    'mutation ($b: ID!, $c: String!, $r: String!, $s: JSON) { update_column(board_id: $b, id: $c, column_type: status, revision: $r, settings: $s) { id } }',
    { b: board, c: columnId, r: read.boards[0]?.columns[0]?.revision, s: JSON.stringify({ labels }) },
  );
}

/** Renames a column. */
export async function retitleColumn(client: PlatformClient, board: string, columnId: string, title: string) {
  await call(
    client,
    'mutation ($b: ID!, $c: String!, $t: String!) { change_column_title(board_id: $b, column_id: $c, title: $t) { id } }',
    { b: board, c: columnId, t: title },
  );
}

/** Deletes a column. */
export async function deleteColumn(client: PlatformClient, board: string, columnId: string) {
  await call(client, 'mutation ($b: ID!, $c: String!) { delete_column(board_id: $b, column_id: $c) { id } }', {
    b: board,
    c: columnId,
  });
}
