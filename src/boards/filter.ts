/**
 * A listing's filter by key turned into the platform's `ItemsQuery`, with the SDK's `columnRule` builders; labels
 * become their ids (an exact match: a status label's id is its index,
 * https://developer.monday.com/api-reference/reference/status), checked against the generated board first.
 *
 * Rule map (by kind): status and dropdown take a label or labels (any_of their ids); numbers a number (any_of) or
 * `{ greaterThan }` / `{ lowerThan }`; date a keyword or `{ exact }`; people user ids or `'assigned_to_me'`; text,
 * long text, email and name a text the value contains; checkbox a boolean; `null` any kind, for an empty column.
 */
import {
  columnRule,
  type ItemsQueryInput,
  type ItemsQueryRuleInput,
  itemsQuery,
  PlatformConfigError,
} from '../index.js';
import type { BoardDefinition } from './definition.js';
import { columnOf, knownLabel } from './values.js';

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** The rule for one key. */
function ruleFor(board: BoardDefinition, key: string, value: unknown): ItemsQueryRuleInput {
  const definition = columnOf(board, key);
  const { id, kind } = definition;
  if (value === null) return columnRule.isEmpty(id);
  const target = { board, key, definition };
  switch (kind) {
    case 'status':
    case 'dropdown': {
      const labelIds = list(value).map((label) => {
        const name = knownLabel(target, label);
        return (definition.labels ?? []).find((known) => known.name === name)?.id as number;
      });
      return kind === 'status'
        ? columnRule.status(id, { indexes: labelIds })
        : { column_id: id, compare_value: labelIds, operator: 'any_of' };
    }
    case 'numbers': {
      if (typeof value === 'number') return columnRule.numbers(id, 'any_of', value);
      const bound = value as { greaterThan?: number; lowerThan?: number };
      return bound.greaterThan !== undefined
        ? columnRule.numbers(id, 'greater_than', bound.greaterThan)
        : columnRule.numbers(id, 'lower_than', bound.lowerThan as number);
    }
    case 'date':
      return columnRule.date(id, value as Parameters<typeof columnRule.date>[1]);
    case 'people':
      return columnRule.people(id, value as readonly number[]);
    case 'text':
    case 'long_text':
    case 'email':
    case 'name':
      return columnRule.text(id, 'contains_text', value as string);
    case 'checkbox':
      return columnRule.checkbox(id, value === true);
  }
  throw new PlatformConfigError(
    `Board "${board.name}", column "${key}": a ${kind} column cannot be filtered by value; filter it by null (empty).`,
  );
}

/**
 * The `ItemsQuery` of a filter by key (every rule must hold), or null for no filter.
 *
 * @throws {@link BoardDriftError} for a key or label the generated board does not have.
 * @throws {@link PlatformConfigError} for a value its rule refuses.
 */
export function boardItemsQuery(
  board: BoardDefinition,
  filter: Readonly<Record<string, unknown>> | undefined,
): ItemsQueryInput | null {
  if (filter === undefined) return null;
  if (typeof filter !== 'object' || filter === null) {
    throw new PlatformConfigError('`filter` must be an object of rules by column key.');
  }
  const rules = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ruleFor(board, key, value));
  return rules.length === 0 ? null : itemsQuery(rules);
}
