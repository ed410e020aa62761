/**
 * The platform's official client (a dev dependency) runs every one of its built-in operations against the emulator
 * over a real socket, as an app using that client would: same documents, same variables, no Idempotency-Key.
 */
import { ApiClient } from '@mondaydotcomorg/api';
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSION } from '../../src/index.js';
import { closeEmulators, DEMO_TOKEN, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

async function officialClient() {
  const emulator = await startTestEmulator();
  const client = new ApiClient({ token: DEMO_TOKEN, apiVersion: API_VERSION, endpoint: `${emulator.baseUrl}/v2` });
  return { emulator, operations: client.operations };
}

describe('the official client built-in operations', () => {
  it('getMeOp', async () => {
    const { operations } = await officialClient();
    expect(await operations.getMeOp()).toEqual({ me: { id: '501', name: 'Ada Lovelace', email: 'ada@acme.example' } });
  });

  it('getBoardGroupsOp and getBoardItemsOp', async () => {
    const { operations } = await officialClient();
    const groups = await operations.getBoardGroupsOp({ ids: ['3001'] });
    expect(groups.boards?.[0]?.groups).toEqual([
      { id: 'topics', title: 'This quarter' },
      { id: 'later', title: 'Later' },
    ]);
    const items = await operations.getBoardItemsOp({ ids: ['3001'] });
    const first = items.boards?.[0]?.items_page.items[0];
    expect(first).toMatchObject({ id: '4000001', name: 'Public launch' });
    expect(first?.column_values).toContainEqual({ id: 'status', type: 'status', value: '{"index":0}' });
  });

  it('createItemOp, then the three column-value mutations, change the store', async () => {
    const { emulator, operations } = await officialClient();
    const made = await operations.createItemOp({
      boardId: '3001',
      groupId: 'later',
      itemName: 'From the official client',
    });
    const itemId = made.create_item?.id ?? '';
    expect(made.create_item?.name).toBe('From the official client');
    await operations.changeSimpleColumnValueOp({ boardId: '3001', itemId, columnId: 'text', value: 'simple' });
    await operations.changeColumnValueOp({
      boardId: '3001',
      itemId,
      columnId: 'status',
      value: JSON.stringify({ label: 'Done' }),
    });
    const multiple = await operations.changeMultipleColumnValuesOp({
      boardId: '3001',
      itemId,
      columnValues: JSON.stringify({ numbers: '5' }),
    });
    expect(multiple.change_multiple_column_values?.column_values).toContainEqual({ id: 'numbers', value: '"5"' });
    expect(emulator.store.items.find(itemId)?.values).toEqual({ text: 'simple', status: { index: 1 }, numbers: '5' });
  });
});
