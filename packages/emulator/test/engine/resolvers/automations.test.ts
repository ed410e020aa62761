/**
 * Board automations and their recorded runs in the engine: listing with cursors, deletion, runs with their filters
 * and pages, blocks and tool calls of a run, statistics, and what stays NOT_MODELLED. The docs say nothing of these
 * fields beyond the schema; the rules are in src/engine/resolvers/automations.ts.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, defaultSeed } from '../../../src/engine/index.js';
import type { TriggerEventRecord } from '../../../src/engine/store/automations.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

const VERSION = '2026-10';
type Engine = ReturnType<typeof createEngine>;
const go = (engine: Engine, query: string, variables?: Record<string, unknown>) =>
  run(engine, query, { version: VERSION, ...(variables ? { variables } : {}) });

describe('board automations', () => {
  it('lists a board automations page by page with an opaque cursor', async () => {
    const engine = createEngine();
    const first = await go(
      engine,
      '{ board_automations(board_ids: [3001], limit: 1) { cursor items { id title active user_id created_at workflow_host_data } } }',
    );
    const page = dataField<{ cursor: string; items: unknown[] }>(first, 'board_automations');
    expect(page.items).toEqual([
      {
        id: '8801',
        title: 'When status changes to Done, notify the owner',
        active: true,
        user_id: '501',
        created_at: '2024-09-02T09:00:00Z',
        workflow_host_data: '{"hostType":"board","hostInstanceId":3001}',
      },
    ]);
    const second = await go(
      engine,
      'query ($c: String) { board_automations(board_ids: [3001], limit: 1, cursor: $c) { cursor items { id } } }',
      {
        c: page.cursor,
      },
    );
    expect(dataField(second, 'board_automations')).toEqual({ cursor: null, items: [{ id: '8802' }] });
    const all = await go(engine, '{ board_automations { items { id } } }');
    expect(dataField(all, 'board_automations')).toEqual({ items: [{ id: '8801' }, { id: '8802' }] });
    expect(errorCodes(await go(engine, '{ board_automations(cursor: "nonsense") { cursor } }'))).toEqual([
      'INVALID_CURSOR',
    ]);
    expect(errorCodes(await go(engine, '{ board_automations(board_ids: [3003]) { cursor } }'))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
    expect(errorCodes(await go(engine, '{ board_automations { legacy_automations } }'))).toEqual(['NOT_MODELLED']);
  });

  it('deletes an automation of the named board only', async () => {
    const engine = createEngine();
    expect(
      errorCodes(await go(engine, 'mutation { delete_board_automation(board_id: 3002, id: 8801) { is_success } }')),
    ).toEqual(['RESOURCE_NOT_FOUND']);
    const deleted = await go(engine, 'mutation { delete_board_automation(board_id: 3001, id: 8801) { is_success } }');
    expect(dataField(deleted, 'delete_board_automation')).toEqual({ is_success: true });
    expect(engine.store.automations.find('8801')).toBeUndefined();
    const readOnly = await run(
      engine,
      'mutation { delete_board_automation(board_id: 3001, id: 8802) { is_success } }',
      {
        version: VERSION,
        grant: acmeGrant(['boards:read']),
      },
    );
    expect(errorCodes(readOnly)).toEqual(['USER_UNAUTHORIZED']);
  });
});

describe('automation runs', () => {
  it('lists runs newest first, filtered by state, item, automation and dates', async () => {
    const engine = createEngine();
    const states = async (filters: Record<string, unknown>) =>
      dataField<{ triggerEvents: { eventState: string; triggerStartedAt: string }[] }>(
        await go(
          engine,
          'query ($f: TriggerEventsFiltersInput) { trigger_events(filters: $f) { triggerEvents { eventState triggerStartedAt } } }',
          {
            f: filters,
          },
        ),
        'trigger_events',
      ).triggerEvents.map((event) => `${event.eventState}@${event.triggerStartedAt.slice(0, 10)}`);
    expect(await states({})).toEqual(['success@2026-11-04', 'failure@2026-11-03', 'success@2026-11-02']);
    expect(await states({ stateFilter: ['failure'] })).toEqual(['failure@2026-11-03']);
    expect(await states({ itemId: '4000002', boardId: '3001' })).toEqual(['success@2026-11-02']);
    expect(await states({ automationIds: [8802] })).toEqual([]);
    expect(await states({ dateRange: { startDate: '2026-11-03T00:00:00Z', endDate: '2026-11-05T00:00:00Z' } })).toEqual(
      ['success@2026-11-04', 'failure@2026-11-03'],
    );
    const unmodelled = await go(
      engine,
      '{ trigger_events(filters: { statusFilter: ["x"] }) { triggerEvents { triggerUuid } } }',
    );
    expect(errorCodes(unmodelled)).toEqual(['NOT_MODELLED']);
  });

  it('pages runs 25 at a time by offset', async () => {
    const seed = defaultSeed();
    const template = seed.triggerEvents?.[0] as TriggerEventRecord;
    seed.triggerEvents = Array.from({ length: 30 }, (_, n) => ({
      ...template,
      triggerUuid: `run-${n}`,
      triggerStartedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    }));
    const engine = createEngine({ seed });
    const page = async (offset: number) =>
      dataField<{ triggerEvents: { triggerUuid: string }[] }>(
        await go(engine, 'query ($o: Int) { trigger_events(nextPageOffset: $o) { triggerEvents { triggerUuid } } }', {
          o: offset,
        }),
        'trigger_events',
      ).triggerEvents.map((event) => event.triggerUuid);
    const first = await page(0);
    expect(first).toHaveLength(25);
    expect(first[0]).toBe('run-29');
    expect(await page(25)).toEqual(['run-4', 'run-3', 'run-2', 'run-1', 'run-0']);
    expect(
      errorCodes(await go(engine, '{ trigger_events(nextPageOffset: -1) { triggerEvents { triggerUuid } } }')),
    ).toEqual(['INVALID_ARGUMENT']);
  });

  it('answers one run, its blocks and tool calls, and null for a run of another account', async () => {
    const engine = createEngine();
    const uuid = '6f1c2a9e-0c4e-4d8a-9b1e-8801a0000001';
    const one = await go(
      engine,
      'query ($u: String!) { trigger_event(triggerUuid: $u) { accountId eventState triggerDuration is_test_run } }',
      {
        u: uuid,
      },
    );
    expect(dataField(one, 'trigger_event')).toEqual({
      accountId: 1001,
      eventState: 'success',
      triggerDuration: 840,
      is_test_run: false,
    });
    const blocks = await go(
      engine,
      'query ($u: String!) { block_events(triggerUuid: $u) { blockEvents { title eventState boardId blockStartTimestamp } } }',
      {
        u: uuid,
      },
    );
    expect(dataField(blocks, 'block_events')).toEqual({
      blockEvents: [
        {
          title: 'When status changes to Done',
          eventState: 'success',
          boardId: 3001,
          blockStartTimestamp: 1_762_077_600_000,
        },
        { title: 'Notify the owner', eventState: 'success', boardId: 3001, blockStartTimestamp: 1_762_077_600_300 },
      ],
    });
    const tools = await go(
      engine,
      'query ($u: String!) { tool_events(trigger_uuid: $u) { tool_events { tool_name event_status execution_duration_ms } } }',
      {
        u: uuid,
      },
    );
    expect(dataField(tools, 'tool_events')).toEqual({
      tool_events: [{ tool_name: 'get_board_items_page', event_status: 'success', execution_duration_ms: 120 }],
    });
    const elsewhere = await run(engine, 'query ($u: String!) { trigger_event(triggerUuid: $u) { triggerUuid } }', {
      version: VERSION,
      grant: globexGrant(),
      variables: { u: uuid },
    });
    expect(dataField(elsewhere, 'trigger_event')).toBeNull();
  });

  it('counts runs by state, board and user', async () => {
    const engine = createEngine();
    const stats = async (filters: Record<string, unknown>) =>
      dataField(
        await go(
          engine,
          'query ($f: AccountTriggerStatisticsFiltersInput) { account_trigger_statistics(filters: $f) { id success failure total } }',
          { f: filters },
        ),
        'account_trigger_statistics',
      );
    expect(await stats({})).toEqual({ id: '1001', success: 2, failure: 1, total: 3 });
    expect(await stats({ board_id: 3002 })).toEqual({ id: '1001', success: 0, failure: 0, total: 0 });
    expect(await stats({ user_ids: [502] })).toEqual({ id: '1001', success: 0, failure: 0, total: 0 });
  });

  it('counts the runs in one state by automation, filtered by board and user, leaving out automation_ids', async () => {
    // Shape as the platform's own MCP tool reads it (src/engine/resolvers/automations.ts, the last rule).
    const engine = createEngine();
    const byEntity = async (state: string, filters: Record<string, unknown> = {}) => {
      const body = await go(
        engine,
        `query ($f: AccountTriggersByEntityIdFiltersInput) { account_triggers_statistics_by_entity_id(run_status: ${state},
          filters: $f) { id automation_statistics workflow_statistics } }`,
        { f: filters },
      );
      const answer = dataField<Record<string, string>>(body, 'account_triggers_statistics_by_entity_id');
      return {
        id: answer.id,
        automations: JSON.parse(String(answer.automation_statistics)),
        workflows: JSON.parse(String(answer.workflow_statistics)),
      };
    };
    expect(await byEntity('success')).toEqual({ id: '1001', automations: { '8801': { total: 2 } }, workflows: {} });
    expect((await byEntity('failure')).automations).toEqual({ '8801': { total: 1 } });
    expect((await byEntity('exhausted')).automations).toEqual({});
    expect((await byEntity('success', { board_id: 3002 })).automations).toEqual({});
    expect((await byEntity('success', { user_ids: [502] })).automations).toEqual({});
    expect((await byEntity('success', { automation_ids: [8801] })).automations).toEqual({});
    const globex = await run(
      engine,
      '{ account_triggers_statistics_by_entity_id(run_status: success) { automation_statistics } }',
      {
        version: VERSION,
        grant: globexGrant(),
      },
    );
    const answer = dataField<{ automation_statistics: string }>(globex, 'account_triggers_statistics_by_entity_id');
    expect(JSON.parse(answer.automation_statistics)).toEqual({ '8803': { total: 1 } });
  });
});
