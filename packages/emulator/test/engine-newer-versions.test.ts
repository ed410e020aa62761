/**
 * Fields the versions after 2025-04 added, modelled from the store's records (packages/emulator/src/engine/resolvers/
 * newer-versions.ts), each at the version that publishes it; a version without the field refuses it.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_SEED_FACTS } from '../src/engine/index.js';
import { dataField, run } from './engine-helpers.js';

const { users } = DEFAULT_SEED_FACTS;

describe('newer-version fields', () => {
  it('models User.kind, status, is_deleted, is_email_confirmed and a non-null title in 2026-10', async () => {
    const engine = createEngine();
    const body = await run(engine, '{ me { id kind status is_deleted is_email_confirmed title } }', {
      version: '2026-10',
    });
    expect(body.errors).toBeUndefined();
    expect(dataField(body, 'me')).toEqual({
      id: String(users.ada.id),
      kind: 'admin',
      status: 'ACTIVE',
      is_deleted: false,
      is_email_confirmed: true,
      title: '',
    });
  });

  it('keeps an unset title null where it is nullable, and refuses fields a version lacks', async () => {
    const engine = createEngine();
    expect(dataField(await run(engine, '{ me { title } }', { version: '2026-04' }), 'me')).toEqual({ title: null });
    expect(dataField(await run(engine, '{ me { title } }', { version: '2026-07' }), 'me')).toEqual({ title: '' });
    const old = await run(engine, '{ me { kind } }', { version: '2026-04' });
    expect(old.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('models a member as member, and a deactivated user as INACTIVE', async () => {
    const engine = createEngine();
    const target = engine.store.users.all().find((user) => !user.isAdmin);
    expect(target).toBeDefined();
    if (!target) return;
    target.enabled = false;
    const body = await run(engine, `{ users(ids: [${target.id}], non_active: true) { id kind status } }`, {
      version: '2026-10',
    });
    expect(body.errors).toBeUndefined();
    expect(dataField(body, 'users')).toEqual([{ id: target.id, kind: 'member', status: 'INACTIVE' }]);
  });

  it('models Board.hierarchy_type and Column.settings from 2025-10', async () => {
    const engine = createEngine();
    const body = await run(engine, '{ boards(ids: [3001]) { hierarchy_type columns(ids: ["status"]) { settings } } }', {
      version: '2025-10',
    });
    expect(body.errors).toBeUndefined();
    const [board] = dataField<{ hierarchy_type: string; columns: { settings: string }[] }[]>(body, 'boards');
    expect(board?.hierarchy_type).toBe('classic');
    expect(JSON.parse(board?.columns[0]?.settings ?? 'null')).toMatchObject({ labels: expect.any(Object) });
  });
});
