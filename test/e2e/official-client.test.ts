/**
 * The platform's official client (a dev-only peer, used as a yardstick) runs every one of its built-in operations
 * against the emulator over a real socket, unchanged.
 */
import { ApiClient } from '@mondaydotcomorg/api';
import { afterEach, describe, expect, it } from 'vitest';
import { closeTestEmulators, DEMO_TOKEN, startTestEmulator } from '../emulator/server-helpers.js';

afterEach(closeTestEmulators);

describe('official client built-in operations', () => {
  it('run on the emulator and change its store', async () => {
    const emulator = await startTestEmulator();
    const client = new ApiClient({ token: DEMO_TOKEN, apiVersion: '2024-10', endpoint: `${emulator.baseUrl}/v2` });
    const ops = client.operations;

    expect((await ops.getMeOp()).me).toMatchObject({ id: '501', name: 'Ada Lovelace', email: 'ada@acme.example' });
    const groups = await ops.getBoardGroupsOp({ ids: ['3001'] });
    expect(groups.boards?.[0]?.groups?.map((group) => group?.id)).toEqual(['topics', 'later']);
    const items = await ops.getBoardItemsOp({ ids: ['3001'] });
    expect(items.boards?.[0]?.items_page.items.length).toBeGreaterThan(0);

    const created = await ops.createItemOp({ boardId: '3001', groupId: 'later', itemName: 'From the official client' });
    const itemId = created.create_item?.id as string;
    expect(emulator.store.findItem(itemId)).toMatchObject({ name: 'From the official client', groupId: 'later' });

    await ops.changeSimpleColumnValueOp({ boardId: '3001', itemId, columnId: 'text', value: 'plain' });
    await ops.changeColumnValueOp({
      boardId: '3001',
      itemId,
      columnId: 'status',
      value: JSON.stringify({ label: 'Done' }),
    });
    const many = await ops.changeMultipleColumnValuesOp({
      boardId: '3001',
      itemId,
      columnValues: JSON.stringify({ numbers: '5' }),
    });
    expect(many.change_multiple_column_values?.column_values.find((value) => value.id === 'numbers')?.value).toBe(
      '"5"',
    );
    expect(emulator.store.findItem(itemId)?.values).toMatchObject({
      text: 'plain',
      status: { index: 1 },
      numbers: '5',
    });
  });
});
