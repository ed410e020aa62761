/**
 * Board validations: `Query.validations` (boards:read), required columns (`add_required_column`,
 * `remove_required_column`, 2025-10) and validation rules (`create_validation_rule`, `update_validation_rule`,
 * `delete_validation_rule`, 2026-07), all boards:write.
 *
 * Rule map:
 * - Required columns: https://developer.monday.com/api-reference/changelog/new-ability-to-create-read-and-delete-required-field-columns
 *   and https://developer.monday.com/api-reference/reference/validations-other-types. A column must be on the board
 *   (else RESOURCE_NOT_FOUND, as for other column mutations); adding one twice or removing one that is not required
 *   changes nothing; a deleted column is no longer listed. Both mutations answer the board's required column ids.
 * - Validation rules: https://developer.monday.com/api-reference/docs/validation-rules-guide. A rule's `then` is the
 *   constraint and its optional `if` the condition; each constraint's column must be on the board. `rules` on
 *   `validations` lists them as `{ id, if, then }`, oldest first. A rule id not on the board is RESOURCE_NOT_FOUND.
 * - Enforcement: the guide says the platform checks active rules when items are created or changed, but the docs
 *   give no error code for a refused change, so the emulator keeps required columns and rules without enforcing
 *   them (an app's test cannot tell which error production would answer).
 * - `type` is `board`, the only `ValidationsEntityType`.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { findColumn } from '../store/columns.js';
import type { BoardRecord } from '../store/records.js';
import type { RuleParts, ValidationRuleRecord } from '../store/validations.js';
import type { GroupInput, ValidationRuleInput } from './arguments.generated.js';
import { accountBoard } from './lookup.js';
import type { FamilyResolvers } from './types.js';

function readableBoard(context: EngineContext, id: string): BoardRecord {
  requireScope(context, 'boards:read');
  return accountBoard(context, id);
}

function writableBoard(context: EngineContext, id: string): BoardRecord {
  requireScope(context, 'boards:write');
  return accountBoard(context, id);
}

/** The board's required column ids, without columns deleted since they were made required. */
function requiredColumnIds(context: EngineContext, board: BoardRecord): string[] {
  return context.store.validations
    .ofBoard(board.id)
    .requiredColumnIds.filter((id) => id === 'name' || board.columns.some((column) => column.id === id));
}

/** A `GroupInput` with each constraint's column checked against the board, as the rule keeps it. */
function group(board: BoardRecord, input: GroupInput): Record<string, unknown> {
  for (const constraint of input.groups) {
    if (constraint.column_id !== 'name') findColumn(board, constraint.column_id);
  }
  return { operator: input.operator ?? 'AND', groups: input.groups.map((constraint) => ({ ...constraint })) };
}

function ruleParts(board: BoardRecord, rule: ValidationRuleInput): RuleParts {
  return { condition: rule.if ? group(board, rule.if) : null, constraint: group(board, rule.then) };
}

/** A rule as `validations { rules }` lists it: `{ id, if, then }`. */
function ruleJson(rule: ValidationRuleRecord): Record<string, unknown> {
  return Object.fromEntries([
    ['id', rule.id],
    ['if', rule.condition],
    ['then', rule.constraint],
  ]);
}

function boardRule(context: EngineContext, board: BoardRecord, ruleId: string): ValidationRuleRecord {
  const rule = context.store.validations.rule(board.id, ruleId);
  if (!rule) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Validation rule ${ruleId} was not found on board ${board.id}.`, {
      rule_id: ruleId,
    });
  }
  return rule;
}

/** Resolvers of board validations. */
export const validationResolvers: FamilyResolvers = {
  Query: {
    validations: (_source, args, context) => {
      const board = readableBoard(context, args.id);
      return {
        required_column_ids: requiredColumnIds(context, board),
        rules: context.store.validations.ofBoard(board.id).rules.map(ruleJson),
      };
    },
  },
  Mutation: {
    add_required_column: (_source, args, context) => {
      const board = writableBoard(context, args.id);
      if (args.column_id !== 'name') findColumn(board, args.column_id);
      context.store.validations.require(board.id, args.column_id);
      return { required_column_ids: requiredColumnIds(context, board) };
    },
    remove_required_column: (_source, args, context) => {
      const board = writableBoard(context, args.id);
      if (args.column_id !== 'name') findColumn(board, args.column_id);
      context.store.validations.release(board.id, args.column_id);
      return { required_column_ids: requiredColumnIds(context, board) };
    },
    create_validation_rule: (_source, args, context) => {
      const board = writableBoard(context, args.id);
      return context.store.validations.addRule(board.id, ruleParts(board, args.rule));
    },
    update_validation_rule: (_source, args, context) => {
      const board = writableBoard(context, args.id);
      const rule = boardRule(context, board, args.rule_id);
      return context.store.validations.replaceRule(rule, ruleParts(board, args.rule));
    },
    delete_validation_rule: (_source, args, context) => {
      const board = writableBoard(context, args.id);
      return context.store.validations.removeRule(boardRule(context, board, args.rule_id));
    },
  },
  ValidationRule: {
    if: (rule: ValidationRuleRecord) => rule.condition,
    // biome-ignore lint/suspicious/noThenProperty: the published field is named `then`; this map is never awaited
    then: (rule: ValidationRuleRecord) => rule.constraint,
  },
};
