/**
 * The store's board model without GraphQL: board, group, column, item, update and timeline operations keep the
 * data consistent, and the default seed is coherent.
 */
import { describe, expect, it } from 'vitest';
import { defaultSeed, EmulatorStore } from '../../src/engine/index.js';
import { matches } from '../../src/engine/store/activity-log.js';
import { columnText } from '../../src/engine/store/column-values.js';
import { findColumn } from '../../src/engine/store/columns.js';
import { findGroup, liveGroups } from '../../src/engine/store/groups.js';
import type { BoardRecord, ItemRecord } from '../../src/engine/store/records.js';
import { textBody } from '../../src/engine/store/updates.js';

const ADA = '501';

function fresh(): EmulatorStore {
  let tick = Date.parse('2025-01-01T00:00:00Z');
  return new EmulatorStore(defaultSeed(), {
    now: () => {
      tick += 1000;
      return tick;
    },
  });
}

function board(store: EmulatorStore, id: string): BoardRecord {
  const found = store.boards.find(id);
  if (!found) throw new Error(`no board ${id}`);
  return found;
}

function item(store: EmulatorStore, id: string): ItemRecord {
  const found = store.items.find(id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

describe('default seed', () => {
  it('keeps the original boards and items, and adds boards of every kind with unique ids', () => {
    const seed = defaultSeed();
    expect(seed.items.slice(0, 9).map((entry) => [entry.id, entry.boardId, entry.name])).toEqual([
      ['4000001', '3001', 'Public launch'],
      ['4000002', '3001', 'Pricing page'],
      ['4000003', '3001', 'Mobile app'],
      ['4000004', '3001', 'Offline mode'],
      ['4000005', '3001', 'Dark theme'],
      ['4000006', '3002', 'Login fails on Safari'],
      ['4000007', '3002', 'Typo in footer'],
      ['4000008', '3003', 'Doomsday device'],
      ['4000009', '3003', 'Hammock district'],
    ]);
    expect(seed.boards.map((entry) => entry.id)).toEqual([
      '3001',
      '3002',
      '3003',
      '3004',
      '3005',
      '3006',
      '3007',
      '3008',
      '3009',
    ]);
    expect(new Set(seed.boards.map((entry) => entry.kind))).toEqual(new Set(['public', 'private', 'share']));
    expect(seed.boards.some((entry) => entry.type === 'sub_items_board')).toBe(true);
    expect(seed.boards.some((entry) => entry.state === 'archived')).toBe(true);
    const ids = [
      ...seed.items.map((entry) => entry.id),
      ...(seed.updates ?? []).map((entry) => entry.id),
      ...(seed.timelineItems ?? []).map((entry) => entry.id),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('links subitems, replies and timeline items to records of the same account', () => {
    const store = fresh();
    const accountOfItem = (id: string) => store.boards.find(item(store, id).boardId)?.accountId;
    for (const sub of store.items.all().filter((entry) => entry.parentItemId !== null)) {
      const parentBoard = board(store, item(store, sub.parentItemId ?? '').boardId);
      expect(parentBoard.subitemsBoardId).toBe(sub.boardId);
    }
    for (const update of store.updates.all()) {
      expect(accountOfItem(update.itemId)).toBe(update.accountId);
      if (update.parentId) expect(store.updates.find(update.parentId)?.itemId).toBe(update.itemId);
    }
    for (const entry of store.timeline.all()) {
      expect(accountOfItem(entry.itemId)).toBe(entry.accountId);
      expect(store.timeline.activities.find(entry.customActivityId)?.accountId).toBe(entry.accountId);
    }
  });
});

describe('boards', () => {
  it('creates a board owned by its creator, with owners among subscribers and a fresh id', () => {
    const store = fresh();
    const made = store.boards.create({
      accountId: '1001',
      name: 'New',
      kind: 'share',
      creatorId: ADA,
      ownerIds: ['502'],
      subscriberIds: ['502'],
    });
    expect(made).toMatchObject({ ownerIds: [ADA, '502'], subscriberIds: [ADA, '502'], state: 'active', type: 'board' });
    expect(store.boards.all().filter((entry) => entry.id === made.id)).toHaveLength(1);
    expect(store.activityLog.forBoard(made.id)[0]?.event).toBe('create_board');
  });

  it('records a board, group or column change as one step: the board stamped and the entry logged at one time', () => {
    const store = fresh();
    const roadmap = board(store, '3001');
    const before = roadmap.updatedAt;
    store.groups.update(roadmap, findGroup(roadmap, 'later'), 'title', 'Someday', ADA);
    const [entry] = store.activityLog.forBoard('3001');
    expect(entry).toMatchObject({ event: 'update_group_name', userId: ADA, groupId: 'later' });
    expect(roadmap.updatedAt > before).toBe(true);
    expect(entry?.createdAt).toBe(roadmap.updatedAt);
    store.columns.changeMetadata(roadmap, findColumn(roadmap, 'status'), 'title', 'State', ADA);
    expect(store.activityLog.forBoard('3001')[0]?.createdAt).toBe(roadmap.updatedAt);
  });

  it('stamps every record with the clock it was given, never the wall clock', () => {
    const store = new EmulatorStore(defaultSeed(), { now: () => Date.parse('2031-02-03T04:05:06Z') });
    const made = store.boards.create({ accountId: '1001', name: 'Later', kind: 'public', creatorId: ADA });
    const entry = store.activityLog.forBoard(made.id)[0];
    expect([made.createdAt, made.updatedAt, entry?.createdAt]).toEqual(Array(3).fill('2031-02-03T04:05:06.000Z'));
  });

  it('archives and deletes a board together with its subitems board; deleting takes every item', () => {
    const store = fresh();
    store.boards.archive(board(store, '3004'), ADA);
    expect([board(store, '3004').state, board(store, '3009').state]).toEqual(['archived', 'archived']);
    expect(store.items.onBoard('3004').every((entry) => entry.state === 'active')).toBe(true);
    store.boards.delete(board(store, '3004'), ADA);
    expect([board(store, '3004').state, board(store, '3009').state]).toEqual(['deleted', 'deleted']);
    expect(
      [...store.items.onBoard('3004'), ...store.items.onBoard('3009')].every((entry) => entry.state === 'deleted'),
    ).toBe(true);
  });

  it('duplicates structure only, or items with subitems, or items with updates too', () => {
    const store = fresh();
    const source = board(store, '3004');
    const structure = store.boards.duplicate(source, { type: 'duplicate_board_with_structure', userId: ADA });
    expect(store.items.onBoard(structure.id)).toEqual([]);
    expect(structure.columns).toEqual(source.columns);
    const withItems = store.boards.duplicate(source, {
      type: 'duplicate_board_with_pulses',
      userId: ADA,
      name: 'Copy',
    });
    const copied = store.items.active(withItems.id);
    expect(copied.map((entry) => entry.name)).toEqual(['Autumn newsletter', 'Webinar series', 'Summer sale']);
    expect(store.items.subitemsOf(copied[0] as ItemRecord).map((entry) => entry.name)).toEqual([
      'Write copy',
      'Pick the audience',
    ]);
    expect(store.updates.ofItem((copied[0] as ItemRecord).id)).toEqual([]);
    const withUpdates = store.boards.duplicate(source, {
      type: 'duplicate_board_with_pulses_and_updates',
      userId: ADA,
    });
    const first = store.items.active(withUpdates.id)[0] as ItemRecord;
    expect(store.updates.ofItem(first.id).map((update) => textBody(update.body))).toEqual([
      'Newsletter goes out on the 1st; copy is final.',
    ]);
  });
});

describe('groups', () => {
  it('creates at the top, or next to another group, with a unique id', () => {
    const store = fresh();
    const roadmap = board(store, '3001');
    const top = store.groups.create(roadmap, { title: 'Top', userId: ADA });
    const after = store.groups.create(roadmap, {
      title: 'After',
      relativeTo: { groupId: 'topics', method: 'after_at' },
      userId: ADA,
    });
    expect(roadmap.groups.map((group) => group.id)).toEqual([top.id, 'topics', after.id, 'later']);
    expect(top.id).not.toBe(after.id);
    expect(() => store.groups.create(roadmap, { title: 'Bad', color: 'red', userId: ADA })).toThrow(/hex colour/);
  });

  it('renames, recolours and moves a group', () => {
    const store = fresh();
    const roadmap = board(store, '3001');
    const later = findGroup(roadmap, 'later');
    store.groups.update(roadmap, later, 'title', 'Backlog', ADA);
    store.groups.update(roadmap, later, 'color', '#FF0000', ADA);
    store.groups.update(roadmap, later, 'relative_position_before', 'topics', ADA);
    expect(roadmap.groups.map((group) => [group.id, group.title, group.color])).toEqual([
      ['later', 'Backlog', '#ff0000'],
      ['topics', 'This quarter', '#579bfc'],
    ]);
    store.groups.update(roadmap, later, 'position', '131072', ADA);
    expect(roadmap.groups.map((group) => group.id)).toEqual(['topics', 'later']);
  });

  it('archives or deletes a group with its items, but never the last live group', () => {
    const store = fresh();
    const roadmap = board(store, '3001');
    store.groups.archive(roadmap, findGroup(roadmap, 'later'), ADA);
    expect(
      store.items
        .onBoard('3001')
        .filter((entry) => entry.groupId === 'later')
        .map((entry) => entry.state),
    ).toEqual(['archived', 'archived']);
    expect(() => store.groups.delete(roadmap, findGroup(roadmap, 'topics'), ADA)).toThrow(/last group/);
    store.groups.delete(roadmap, findGroup(roadmap, 'later'), ADA);
    expect(
      store.items
        .onBoard('3001')
        .filter((entry) => entry.groupId === 'later')
        .map((entry) => entry.state),
    ).toEqual(['deleted', 'deleted']);
    expect(liveGroups(roadmap).map((group) => group.id)).toEqual(['topics']);
  });

  it('duplicates a group with copies of its active items, after the original', () => {
    const store = fresh();
    const roadmap = board(store, '3001');
    const copy = store.groups.duplicate(roadmap, findGroup(roadmap, 'later'), { userId: ADA });
    expect(roadmap.groups.map((group) => group.id)).toEqual(['topics', 'later', copy.id]);
    expect(copy.title).toBe('Duplicate of Later');
    const copies = store.items.active('3001', copy.id);
    expect(copies.map((entry) => [entry.name, entry.values])).toEqual([
      ['Offline mode', item(store, '4000004').values],
      ['Dark theme', item(store, '4000005').values],
    ]);
    expect(copies[0]?.values).toEqual({ text: 'Needs research' });
  });
});

describe('columns', () => {
  it('creates modelled kinds with settings, refuses other kinds and bad ids', () => {
    const store = fresh();
    const bugs = board(store, '3002');
    const status = store.columns.create(bugs, {
      title: 'Severity',
      type: 'status',
      defaults: '{"labels": {"0": "Low", "1": "High"}}',
      userId: ADA,
    });
    expect(status.settings).toEqual({ labels: { 0: 'Low', 1: 'High' }, done_colors: [1] });
    const text = store.columns.create(bugs, {
      title: 'Reporter',
      type: 'text',
      id: 'reporter',
      afterColumnId: 'status',
      userId: ADA,
    });
    expect(bugs.columns.map((column) => column.id).slice(0, 2)).toEqual(['status', text.id]);
    expect(() => store.columns.create(bugs, { title: 'X', type: 'name', userId: ADA })).toThrow(/cannot be created/);
    expect(() => store.columns.create(bugs, { title: 'X', type: 'text', id: 'reporter', userId: ADA })).toThrow(
      /already exists/,
    );
    expect(() => store.columns.create(bugs, { title: 'X', type: 'text', id: 'Bad Id', userId: ADA })).toThrow(
      /lowercase/,
    );
    expect(() =>
      store.columns.create(bugs, { title: 'X', type: 'status', defaults: { labels: ['a'] }, userId: ADA }),
    ).toThrow(/labels/);
  });

  it('deletes a column with its values, and changes title and description', () => {
    const store = fresh();
    const roadmap = board(store, '3001');
    store.columns.delete(roadmap, findColumn(roadmap, 'numbers'), ADA);
    expect(store.items.onBoard('3001').some((entry) => 'numbers' in entry.values)).toBe(false);
    const status = findColumn(roadmap, 'status');
    store.columns.changeMetadata(roadmap, status, 'title', 'State', ADA);
    store.columns.changeMetadata(roadmap, status, 'description', 'Where it stands', ADA);
    expect([status.title, status.description]).toEqual(['State', 'Where it stands']);
    expect(() => store.columns.changeMetadata(roadmap, status, 'title', ' ', ADA)).toThrow(/empty/);
  });
});

describe('items and subitems', () => {
  it('makes a subitems board on the first subitem, reuses it, and refuses subitems of subitems', () => {
    const store = fresh();
    const bugs = board(store, '3002');
    const input = { parentBoard: bugs, creatorId: ADA, columnValues: {}, createLabelsIfMissing: false };
    const first = store.items.createSubitem({ ...input, parent: item(store, '4000006'), name: 'One' });
    const second = store.items.createSubitem({ ...input, parent: item(store, '4000007'), name: 'Two' });
    expect(first.boardId).toBe(second.boardId);
    expect(board(store, first.boardId)).toMatchObject({
      type: 'sub_items_board',
      parentBoardId: '3002',
      accountId: '1001',
    });
    expect(bugs.subitemsBoardId).toBe(first.boardId);
    expect(() => store.items.createSubitem({ ...input, parent: first, name: 'Three' })).toThrow(
      /subitems cannot have subitems/,
    );
  });

  it('archives and deletes subitems with their parent', () => {
    const store = fresh();
    store.items.setState(item(store, '4000101'), 'archived', ADA);
    expect(['4000111', '4000112'].map((id) => item(store, id).state)).toEqual(['archived', 'archived']);
    store.items.setState(item(store, '4000101'), 'deleted', ADA);
    expect(['4000101', '4000111', '4000112'].map((id) => item(store, id).state)).toEqual([
      'deleted',
      'deleted',
      'deleted',
    ]);
    expect(item(store, '4000113').state).toBe('active');
  });

  it('moves an item to the end of another group, and refuses a group that is not live', () => {
    const store = fresh();
    const roadmap = board(store, '3001');
    const moved = store.items.moveToGroup(roadmap, item(store, '4000001'), 'later', ADA);
    expect(store.items.active('3001', 'later').map((entry) => entry.id)).toEqual(['4000004', '4000005', '4000001']);
    expect(moved.updatedAt).toBe(store.items.find('4000001')?.updatedAt);
    expect(() => store.items.moveToGroup(roadmap, moved, 'nope', ADA)).toThrow(/not found/);
  });

  it('duplicates an item right after the original, with values, subitems and optionally updates', () => {
    const store = fresh();
    const campaigns = board(store, '3004');
    const copy = store.items.duplicate(campaigns, item(store, '4000101'), true, ADA);
    expect(store.items.active('3004').map((entry) => entry.name)).toEqual([
      'Autumn newsletter',
      'Autumn newsletter',
      'Webinar series',
      'Summer sale',
    ]);
    expect(copy.values).toEqual(item(store, '4000101').values);
    expect(store.items.subitemsOf(copy).map((entry) => entry.name)).toEqual(['Write copy', 'Pick the audience']);
    expect(store.updates.ofItem(copy.id)).toHaveLength(1);
    const plain = store.items.duplicate(campaigns, item(store, '4000102'), false, ADA);
    expect(store.updates.ofItem(plain.id)).toEqual([]);
  });
});

describe('moving an item to another board', () => {
  it('carries values by id and kind, relabels status by text, and takes subitems, updates and timeline along', () => {
    const store = fresh();
    const moved = store.items.moveToBoard({
      item: item(store, '4000101'),
      from: board(store, '3004'),
      to: board(store, '3001'),
      groupId: 'later',
      userId: ADA,
    });
    expect(moved).toMatchObject({ boardId: '3001', groupId: 'later' });
    expect(store.items.active('3001', 'later').at(-1)?.id).toBe('4000101');
    expect(columnText(findColumn(board(store, '3001'), 'status'), moved.values.status)).toBe('Live');
    expect(moved.values).toMatchObject({ date4: { date: '2024-10-01' }, numbers: '2500' });
    const subs = store.items.subitemsOf(moved);
    expect(subs.map((sub) => sub.name)).toEqual(['Write copy', 'Pick the audience']);
    expect(board(store, subs[0]?.boardId ?? '')).toMatchObject({ type: 'sub_items_board', parentBoardId: '3001' });
    expect(store.updates.ofItem('4000101')).toHaveLength(1);
    expect(store.timeline.ofItem('4000101').map((entry) => entry.boardId)).toEqual(['3001']);
    expect(store.items.active('3004').map((entry) => entry.id)).toEqual(['4000102', '4000103']);
  });

  it('drops values a mapping sends nowhere, and refuses a mapping to a column of another kind without changing anything', () => {
    const store = fresh();
    const hiring = board(store, '3006');
    const labels = JSON.stringify(hiring.columns);
    const bad = new Map([['status', 'long_text']]);
    expect(() =>
      store.items.moveToBoard({
        item: item(store, '4000001'),
        from: board(store, '3001'),
        to: hiring,
        groupId: 'topics',
        mapping: bad,
        userId: ADA,
      }),
    ).toThrow(/cannot be mapped/);
    expect([item(store, '4000001').boardId, JSON.stringify(hiring.columns)]).toEqual(['3001', labels]);
    const mapping = new Map<string, string | null>([
      ['status', 'stage'],
      ['date4', null],
      ['numbers', null],
    ]);
    const moved = store.items.moveToBoard({
      item: item(store, '4000001'),
      from: board(store, '3001'),
      to: hiring,
      groupId: 'topics',
      mapping,
      userId: ADA,
    });
    expect(Object.keys(moved.values)).toEqual(['stage']);
    expect(columnText(findColumn(hiring, 'stage'), moved.values.stage)).toBe('Working on it');
  });
});

describe('updates', () => {
  it('creates, replies, edits, likes once, pins and removes with replies', () => {
    const store = fresh();
    const update = store.updates.create({
      accountId: '1001',
      itemId: '4000002',
      body: '<p>Hi &amp; <i>bye</i></p>',
      creatorId: ADA,
    });
    const reply = store.updates.create({
      accountId: '1001',
      itemId: '4000002',
      parentId: update.id,
      body: 'Re',
      creatorId: '502',
    });
    expect(store.updates.ofItem('4000002')).toEqual([update]);
    expect(store.updates.repliesTo(update.id)).toEqual([reply]);
    expect(textBody(update.body)).toBe('Hi & bye');
    const createdAt = update.createdAt;
    store.updates.edit(update, 'Edited');
    expect(update.editedAt > createdAt).toBe(true);
    store.updates.like(update, '502');
    store.updates.like(update, '502');
    expect(update.likes.map((like) => like.userId)).toEqual(['502']);
    store.updates.unlike(update, '502');
    expect(update.likes).toEqual([]);
    store.updates.setPinned(update, '4000002', true);
    expect(update.pinnedToItemIds).toEqual(['4000002']);
    expect(store.updates.delete(update).map((entry) => entry.id)).toEqual([update.id, reply.id]);
    expect(store.updates.find(reply.id)).toBeUndefined();
  });
});

describe('activity log filters', () => {
  it('matches by item, group, column, user and time window', () => {
    const entry = {
      id: '1',
      accountId: '1001',
      boardId: '3001',
      userId: ADA,
      event: 'update_column_value',
      entity: 'pulse' as const,
      data: {},
      createdAt: '2025-01-01T12:00:00Z',
      itemId: '4000001',
      groupId: 'topics',
      columnId: 'status',
    };
    expect(matches(entry, { itemIds: ['4000001'], groupIds: ['topics'], columnIds: ['status'], userIds: [ADA] })).toBe(
      true,
    );
    expect(matches(entry, { from: '2025-01-01T00:00:00Z', to: '2025-01-02T00:00:00Z' })).toBe(true);
    expect(matches(entry, { itemIds: ['4000002'] })).toBe(false);
    expect(matches(entry, { userIds: ['502'] })).toBe(false);
    expect(matches(entry, { from: '2025-01-01T12:00:01Z' })).toBe(false);
  });
});
