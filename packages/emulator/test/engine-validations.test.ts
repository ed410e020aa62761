/**
 * Board validations (src/engine/resolvers/validations.ts): required columns (2025-10,
 * https://developer.monday.com/api-reference/changelog/new-ability-to-create-read-and-delete-required-field-columns)
 * and validation rules (2026-07, https://developer.monday.com/api-reference/docs/validation-rules-guide).
 */

import { describe, expect, it } from 'vitest';
import { SCOPES } from 'workspace-platform-sdk';
import { createEngine } from '../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from './engine-helpers.js';

/** Rules as GraphQL literals (a `then` key in a JS object would make it look like a promise). */
const AT_LEAST_FIVE =
  '{ then: { groups: [{ column_id: "numbers", operator: GREATER_THAN_OR_EQUALS, compare_value: [5] }] } }';
const DONE_NEEDS_NOTES =
  '{ if: { groups: [{ column_id: "status", operator: ANY_OF, compare_value: [1] }] }, then: { groups: [{ column_id: "text", operator: IS_NOT_EMPTY }] } }';
const GHOST = '{ then: { groups: [{ column_id: "ghost", operator: IS_NOT_EMPTY }] } }';
const createRule = (rule: string) => `mutation { create_validation_rule(id: 3002, rule: ${rule}) { id if then } }`;

describe('required columns', () => {
  it('adds and removes required columns, and lists them on validations', async () => {
    const engine = createEngine();
    const added = await run(
      engine,
      'mutation { add_required_column(id: 3002, column_id: "status") { required_column_ids } }',
    );
    expect(dataField(added, 'add_required_column')).toEqual({ required_column_ids: ['status'] });
    await run(engine, 'mutation { add_required_column(id: 3002, column_id: "date4") { required_column_ids } }');
    const again = await run(
      engine,
      'mutation { add_required_column(id: 3002, column_id: "status") { required_column_ids } }',
    );
    expect(dataField(again, 'add_required_column')).toEqual({ required_column_ids: ['status', 'date4'] });
    const read = await run(engine, '{ validations(id: 3002) { required_column_ids rules } }');
    expect(dataField(read, 'validations')).toEqual({ required_column_ids: ['status', 'date4'], rules: '[]' });
    const removed = await run(
      engine,
      'mutation { remove_required_column(id: 3002, column_id: "status") { required_column_ids } }',
    );
    expect(dataField(removed, 'remove_required_column')).toEqual({ required_column_ids: ['date4'] });
    // Another board has its own: the roadmap's seeded required status.
    const other = await run(engine, '{ validations(id: 3001) { required_column_ids } }');
    expect(dataField(other, 'validations')).toEqual({ required_column_ids: ['status'] });
  });

  it('stops listing a required column once it is deleted', async () => {
    const engine = createEngine();
    await run(engine, 'mutation { add_required_column(id: 3002, column_id: "text") { required_column_ids } }');
    await run(engine, 'mutation { delete_column(board_id: 3002, column_id: "text") { id } }');
    const read = await run(engine, '{ validations(id: 3002) { required_column_ids } }');
    expect(dataField(read, 'validations')).toEqual({ required_column_ids: [] });
  });

  it('refuses a column or board it cannot find, and needs boards:write', async () => {
    const engine = createEngine();
    const column = await run(
      engine,
      'mutation { add_required_column(id: 3002, column_id: "ghost") { required_column_ids } }',
    );
    expect(errorCodes(column)).toEqual(['RESOURCE_NOT_FOUND']);
    const board = await run(
      engine,
      'mutation { add_required_column(id: 3002, column_id: "status") { required_column_ids } }',
      {
        grant: globexGrant(),
      },
    );
    expect(errorCodes(board)).toEqual(['RESOURCE_NOT_FOUND']);
    const readOnly = acmeGrant(SCOPES.filter((scope) => scope !== 'boards:write'));
    const refused = await run(
      engine,
      'mutation { add_required_column(id: 3002, column_id: "status") { required_column_ids } }',
      {
        grant: readOnly,
      },
    );
    expect(errorCodes(refused)).toEqual(['USER_UNAUTHORIZED']);
    expect(engine.store.validations.ofBoard('3002').requiredColumnIds).toEqual([]);
  });

  it('keeps required columns without refusing items that leave them empty (the docs give no error to answer)', async () => {
    const engine = createEngine();
    await run(engine, 'mutation { add_required_column(id: 3002, column_id: "date4") { required_column_ids } }');
    const created = await run(engine, 'mutation { create_item(board_id: 3002, item_name: "No date") { id } }');
    expect(created.errors).toBeUndefined();
  });
});

describe('validation rules', () => {
  it('creates, lists, updates and deletes rules, with and without a condition', async () => {
    const engine = createEngine();
    const first = await run(engine, createRule(AT_LEAST_FIVE));
    expect(first.errors).toBeUndefined();
    const rule = dataField<{ id: string; if: string | null; then: string }>(first, 'create_validation_rule');
    expect(rule.if).toBeNull();
    expect(JSON.parse(rule.then)).toEqual({
      operator: 'AND',
      groups: [{ column_id: 'numbers', operator: 'GREATER_THAN_OR_EQUALS', compare_value: [5] }],
    });
    const second = dataField<{ id: string }>(await run(engine, createRule(DONE_NEEDS_NOTES)), 'create_validation_rule');
    const read = await run(engine, '{ validations(id: 3002) { rules } }');
    const rules = JSON.parse(dataField<{ rules: string }>(read, 'validations').rules);
    expect(rules.map((entry: { id: string; if: unknown }) => [entry.id, entry.if === null])).toEqual([
      [rule.id, true],
      [second.id, false],
    ]);
    const updated = await run(
      engine,
      `mutation { update_validation_rule(id: 3002, rule_id: ${rule.id}, rule: ${DONE_NEEDS_NOTES}) { id if } }`,
    );
    expect(dataField<{ if: string }>(updated, 'update_validation_rule').if).toContain('"status"');
    const deleted = await run(engine, `mutation { delete_validation_rule(id: 3002, rule_id: ${rule.id}) { id } }`);
    expect(dataField(deleted, 'delete_validation_rule')).toEqual({ id: rule.id });
    const after = JSON.parse(
      dataField<{ rules: string }>(await run(engine, '{ validations(id: 3002) { rules } }'), 'validations').rules,
    );
    expect(after.map((entry: { id: string }) => entry.id)).toEqual([second.id]);
  });

  it('refuses a constraint on a column the board lacks and a rule id of another board', async () => {
    const engine = createEngine();
    const ghost = await run(engine, createRule(GHOST));
    expect(errorCodes(ghost)).toEqual(['RESOURCE_NOT_FOUND']);
    const rule = dataField<{ id: string }>(await run(engine, createRule(AT_LEAST_FIVE)), 'create_validation_rule');
    const elsewhere = await run(engine, `mutation { delete_validation_rule(id: 3001, rule_id: ${rule.id}) { id } }`);
    expect(errorCodes(elsewhere)).toEqual(['RESOURCE_NOT_FOUND']);
  });

  it('serves rules from 2026-07 and required columns from 2025-10', async () => {
    const engine = createEngine();
    const early = await run(engine, createRule(AT_LEAST_FIVE), { version: '2026-04' });
    expect(new Set(errorCodes(early))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']));
    const required = await run(engine, '{ validations(id: 3002) { required_column_ids } }', { version: '2025-10' });
    expect(required.errors).toBeUndefined();
  });
});
