/**
 * The newer versions' user profile fields, Column.capabilities and update_assets_on_item, over a real socket: each
 * field answers in the type its version publishes, and the mutation keeps to the caller's scopes and account.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/index.js';
import {
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  postGraphQL,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };

/** A clock the test moves; starts inside every served version's support window. */
function movableClock() {
  const clock = { at: Date.parse('2026-11-25T12:00:00Z'), now: () => clock.at };
  return clock;
}

async function serve(engine: Engine = createEngine({ clock: movableClock() })) {
  const emulator = await startTestEmulator({ engine });
  return {
    engine,
    post: async (version: string, query: string, token = DEMO_TOKEN): Promise<Body> => {
      const response = await postGraphQL(
        emulator,
        { query, variables: {} },
        { authorization: token, 'api-version': version },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as Body;
    },
  };
}

const codes = (body: Body) => body.errors?.map((error) => error.extensions?.code);

describe('user profile fields', () => {
  it('answers the seeded profile, null for what a user left unset, and the photo sizes of the older versions', async () => {
    const { post } = await serve();
    const fields =
      'id phone mobile_phone location country_code birthday current_language last_activity photo_original photo_thumb_small';
    const body = await post('2026-04', `{ users(ids: [501, 502]) { ${fields} } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data?.users).toEqual([
      {
        id: '501',
        phone: '+44 20 7946 0018',
        mobile_phone: '+44 7700 900018',
        location: 'London',
        country_code: 'GB',
        birthday: '1815-12-10',
        current_language: 'en',
        last_activity: '2024-09-30T17:45:00Z',
        photo_original: 'https://files.platform.example/photos/501/ada.png',
        photo_thumb_small: 'https://files.platform.example/photos/501/ada.png?size=thumb_small',
      },
      {
        id: '502',
        phone: null,
        mobile_phone: null,
        location: 'Arlington',
        country_code: 'US',
        birthday: null,
        current_language: 'en',
        last_activity: null,
        photo_original: 'https://files.platform.example/photos/default/avatar.png',
        photo_thumb_small: 'https://files.platform.example/photos/default/avatar.png?size=thumb_small',
      },
    ]);
  });

  it('answers photo_url from 2026-07 and refuses the photo_* fields 2026-10 dropped', async () => {
    const { post } = await serve();
    const body = await post('2026-10', '{ me { photo_url { original small thumb thumb_small tiny } } }');
    expect(body.errors).toBeUndefined();
    const base = 'https://files.platform.example/photos/501/ada.png';
    expect(body.data?.me).toEqual({
      photo_url: {
        original: base,
        small: `${base}?size=small`,
        thumb: `${base}?size=thumb`,
        thumb_small: `${base}?size=thumb_small`,
        tiny: `${base}?size=tiny`,
      },
    });
    expect(codes(await post('2026-10', '{ me { photo_thumb } }'))).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(codes(await post('2026-04', '{ me { photo_url { tiny } } }'))).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it('answers utc_hours_diff in whole hours where it is an Int and in hours with fractions where it is a Float', async () => {
    const { engine, post } = await serve();
    const ada = engine.store.users.find('501');
    expect(ada).toBeDefined();
    if (ada) ada.timeZone = 'Asia/Kolkata';
    const query = '{ me { time_zone_identifier utc_hours_diff } }';
    expect((await post('2026-04', query)).data?.me).toEqual({
      time_zone_identifier: 'Asia/Kolkata',
      utc_hours_diff: 5,
    });
    expect((await post('2026-07', query)).data?.me).toEqual({
      time_zone_identifier: 'Asia/Kolkata',
      utc_hours_diff: 5.5,
    });
  });

  it('keeps profiles to the caller account: another account cannot read them', async () => {
    const { post } = await serve();
    const body = await post('2026-10', '{ users(ids: [501]) { id phone } }', DEMO_OTHER_ACCOUNT_TOKEN);
    expect(body.errors).toBeUndefined();
    expect(body.data?.users).toEqual([]);
  });
});

describe('Column.capabilities', () => {
  const CREATE_TOTAL =
    'mutation { create_column(board_id: 3001, id: "total", title: "Total", column_type: numbers, capabilities: { calculated: { function: SUM } }) { id capabilities { calculated { calculated_type function } visibility } } }';

  it('answers the subitem calculation create_column set, and null for a column without one', async () => {
    const { post } = await serve();
    const created = await post('2026-10', CREATE_TOTAL);
    expect(created.errors).toBeUndefined();
    expect(created.data?.create_column).toEqual({
      id: 'total',
      capabilities: { calculated: { calculated_type: 'numbers', function: 'SUM' }, visibility: null },
    });
    const plain = await post(
      '2026-10',
      '{ boards(ids: [3001]) { columns(ids: ["numbers"]) { capabilities { calculated { function } visibility } } } }',
    );
    expect(plain.data?.boards).toEqual([{ columns: [{ capabilities: { calculated: null, visibility: null } }] }]);
  });

  it('refuses a calculation on a kind that cannot be calculated from subitems, creating nothing', async () => {
    const { post } = await serve();
    const refused = await post(
      '2026-10',
      'mutation { create_column(board_id: 3001, title: "Stage", column_type: status, capabilities: { calculated: { function: MAX } }) { id } }',
    );
    expect(codes(refused)).toEqual(['INVALID_ARGUMENT']);
    const titles = await post('2026-10', '{ boards(ids: [3001]) { columns { title } } }');
    expect(JSON.stringify(titles.data)).not.toContain('Stage');
  });

  it('filters Board.columns and Item.column_values by capability, with 2026-04 hiding calculated columns by default', async () => {
    const { post } = await serve();
    expect((await post('2026-10', CREATE_TOTAL)).errors).toBeUndefined();
    const ids = async (version: string, args: string) => {
      const body = await post(version, `{ boards(ids: [3001]) { columns${args} { id } } }`);
      expect(body.errors).toBeUndefined();
      const boards = (body.data?.boards ?? []) as { columns: { id: string }[] }[];
      return boards[0]?.columns.map((column) => column.id) ?? [];
    };
    expect(await ids('2026-10', '(capabilities: [CALCULATED])')).toEqual(['total']);
    const all = await ids('2026-10', '');
    expect(all).toContain('total');
    expect(await ids('2026-10', '(capabilities: [null])')).toEqual(all.filter((id) => id !== 'total'));
    expect(await ids('2026-04', '')).toEqual(all.filter((id) => id !== 'total'));
    expect(await ids('2026-07', '')).toEqual(all);
    const values = await post(
      '2026-10',
      '{ items(ids: [4000001]) { column_values(capabilities: [CALCULATED]) { id } } }',
    );
    expect(values.data?.items).toEqual([{ column_values: [{ id: 'total' }] }]);
  });

  it('is published from 2025-10 (without visibility there) and refused before', async () => {
    const { post } = await serve();
    const body = await post(
      '2025-10',
      '{ boards(ids: [3001]) { columns(ids: ["numbers"]) { capabilities { calculated { function } } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.boards).toEqual([{ columns: [{ capabilities: { calculated: null } }] }]);
    const visibility = await post('2025-10', '{ boards(ids: [3001]) { columns { capabilities { visibility } } } }');
    expect(codes(visibility)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    const old = await post(
      '2025-04',
      '{ boards(ids: [3001]) { columns { capabilities { calculated { function } } } } }',
    );
    expect(codes(old)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});

describe('update_assets_on_item', () => {
  const ITEM = '4000005';
  const replace = (files: string, itemId = ITEM, columnId = 'files') =>
    `mutation { update_assets_on_item(board_id: 3001, item_id: ${itemId}, column_id: "${columnId}", files: [${files}]) { id updated_at column_values(ids: ["files"]) { text value } } }`;
  const readItem = `{ items(ids: [${ITEM}]) { updated_at column_values(ids: ["files"]) { text value } } }`;

  it('makes the given files the column list, moving updated_at and logging the change', async () => {
    const clock = movableClock();
    const { post } = await serve(createEngine({ clock }));
    const before = await post('2026-10', readItem);
    expect(before.data?.items).toEqual([
      { updated_at: expect.any(String), column_values: [{ text: 'launch-plan.pdf', value: expect.any(String) }] },
    ]);
    clock.at += 60_000;
    const body = await post(
      '2026-10',
      replace(
        '{ fileType: asset, assetId: 7402, name: "pricing-v2.png" }, { fileType: link, linkToFile: "https://example.com/spec", name: "Spec" }',
      ),
    );
    expect(body.errors).toBeUndefined();
    const item = body.data?.update_assets_on_item as {
      id: string;
      updated_at: string;
      column_values: { text: string; value: string }[];
    };
    expect(item.id).toBe(ITEM);
    expect(Date.parse(item.updated_at)).toBe(clock.at);
    expect(item.column_values[0]?.text).toBe('pricing-v2.png, Spec');
    expect(JSON.parse(item.column_values[0]?.value ?? 'null')).toEqual({
      files: [
        {
          fileType: 'ASSET',
          assetId: 7402,
          name: 'pricing-v2.png',
          isImage: 'true',
          createdAt: clock.at,
          createdBy: '501',
        },
        {
          fileType: 'LINK',
          linkToFile: 'https://example.com/spec',
          name: 'Spec',
          createdAt: clock.at,
          createdBy: '501',
          fileId: expect.any(String),
        },
      ],
    });
    const log = await post('2026-10', '{ boards(ids: [3001]) { activity_logs(limit: 1) { event data } } }');
    const boards = (log.data?.boards ?? []) as { activity_logs: { event: string; data: string }[] }[];
    const [entry] = boards[0]?.activity_logs ?? [];
    expect(entry?.event).toBe('update_column_value');
    expect(JSON.parse(entry?.data ?? '{}')).toMatchObject({ column_id: 'files', pulse_id: Number(ITEM) });

    const files = await post(
      '2026-10',
      `{ items(ids: [${ITEM}]) { column_values(ids: ["files"]) { ... on FileValue { files {
        __typename
        ... on FileAssetValue { asset_id name is_image creator { id } asset { name file_size } }
        ... on FileLinkValue { kind name url creator_id }
        ... on FileDocValue { object_id doc { id name } }
      } } } } }`,
    );
    expect(files.errors).toBeUndefined();
    expect(files.data?.items).toEqual([
      {
        column_values: [
          {
            files: [
              {
                __typename: 'FileAssetValue',
                asset_id: '7402',
                name: 'pricing-v2.png',
                is_image: true,
                creator: { id: '501' },
                asset: { name: 'pricing.png', file_size: 120_400 },
              },
              {
                __typename: 'FileLinkValue',
                kind: 'link',
                name: 'Spec',
                url: 'https://example.com/spec',
                creator_id: '501',
              },
            ],
          },
        ],
      },
    ]);

    const doc = await post('2026-10', replace('{ fileType: doc, objectId: 7651, name: "Handbook" }'));
    expect(doc.errors).toBeUndefined();
    const docFiles = await post(
      '2026-10',
      `{ items(ids: [${ITEM}]) { column_values(ids: ["files"]) { ... on FileValue { files { ... on FileDocValue { object_id doc { id name } } } } } } }`,
    );
    expect(docFiles.data?.items).toEqual([
      { column_values: [{ files: [{ object_id: '7651', doc: { id: '7601', name: 'Team handbook' } }] }] },
    ]);

    const emptied = await post('2026-10', replace(''));
    expect(emptied.errors).toBeUndefined();
    expect(emptied.data?.update_assets_on_item).toMatchObject({ column_values: [{ text: '', value: null }] });
  });

  it('refuses another account, a read-only token, a foreign asset and a non-file column, changing nothing', async () => {
    const { post } = await serve();
    const before = await post('2026-10', readItem);
    expect(before.data?.items).toHaveLength(1);
    const link = '{ fileType: link, linkToFile: "https://example.com/x", name: "x" }';
    const other = await post('2026-10', replace(link), DEMO_OTHER_ACCOUNT_TOKEN);
    expect(codes(other)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(codes(await post('2026-10', replace(link), DEMO_READ_ONLY_TOKEN))).toEqual(['USER_UNAUTHORIZED']);
    const foreignAsset = await post('2026-10', replace(`${link}, { fileType: asset, assetId: 7403, name: "b" }`));
    expect(codes(foreignAsset)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(codes(await post('2026-10', replace(link, ITEM, 'status')))).toEqual(['INVALID_COLUMN_VALUE']);
    expect(codes(await post('2026-10', replace('{ fileType: box, name: "no link" }')))).toEqual(['INVALID_ARGUMENT']);
    // Doc 7653 is the other account's.
    expect(codes(await post('2026-10', replace('{ fileType: doc, objectId: 7653, name: "d" }')))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
    expect((await post('2026-10', readItem)).data).toEqual(before.data);
  });
});
