/**
 * A board's values, both ways: a column value the API returns read as its key's type, and a write's values turned
 * into `column_values` with the SDK's column builders, each label and key checked against the board first.
 *
 * Rule map (by kind; what is not listed reads as `readColumnValue`'s reading and writes with its `column` builder):
 * - status: reads its label or null; writes one of its labels (`column.status({ label })`);
 * - dropdown: reads its labels; writes labels (`column.dropdown({ labels })`);
 * - numbers, rating: a number or null;
 * - text, long_text, email: the text (the address for an email) or null; an email writes an address or
 *   `{ email, label }`;
 * - date: `{ date, time? }` or null; writes a day or `{ date, time? }` (`column.date`);
 * - people: the user ids assigned; writes user ids (`column.people`);
 * - board_relation, dependency: the linked item ids (never the empty display text); writes item ids;
 * - mirror, formula: the text it shows, null when it shows nothing (never `''`);
 * - checkbox: a boolean;
 * - `null` written to any column clears it (`column.clear()`).
 */
import {
  type ColumnValueBuilder,
  type ColumnValueSource,
  column,
  columnValues,
  type PeopleEntity,
  readColumnValue,
} from '../index.js';
import type { BoardColumnDefinition, BoardDefinition } from './definition.js';
import { BoardDriftError } from './errors.js';

type Json = Record<string, unknown>;
/** Reads a column value of the kind, from the SDK's reading of it. */
type KindReader = (reading: Json) => unknown;

const orNull = (value: unknown): unknown => (value === '' || value === undefined ? null : value);

const READ: Record<string, KindReader> = {
  status: (reading) => orNull(reading.label),
  dropdown: (reading) => reading.labels,
  numbers: (reading) => reading.number,
  rating: (reading) => reading.rating,
  text: (reading) => reading.value,
  long_text: (reading) => reading.value,
  email: (reading) => reading.email,
  date: (reading) =>
    typeof reading.date === 'string'
      ? typeof reading.time === 'string'
        ? { date: reading.date, time: reading.time }
        : { date: reading.date }
      : null,
  people: (reading) =>
    (reading.personsAndTeams as PeopleEntity[]).filter((entity) => entity.kind === 'person').map((entity) => entity.id),
  board_relation: (reading) => reading.linkedItemIds,
  dependency: (reading) => reading.linkedItemIds,
  mirror: (reading) => orNull(reading.displayValue),
  formula: (reading) => orNull(reading.displayValue),
  checkbox: (reading) => reading.checked,
};

/** The value of one column of an item, as its key's type. */
export function readBoardValue(definition: BoardColumnDefinition, source: ColumnValueSource | undefined): unknown {
  const reading = readColumnValue(source ?? { id: definition.id, type: definition.kind, text: '', value: null });
  const read = Object.hasOwn(READ, definition.kind) ? READ[definition.kind] : undefined;
  if (read) return read(reading as unknown as Json);
  const { type: _type, id: _id, text, ...rest } = reading as unknown as Json;
  return reading.type === 'unknown' ? orNull(text) : rest;
}

/** Where a value is written: the board and the column's key, for errors. */
interface Target {
  board: BoardDefinition;
  key: string;
  definition: BoardColumnDefinition;
}

function drift(target: Target, message: string, label?: string): BoardDriftError {
  const { board, key, definition } = target;
  return new BoardDriftError(`Board "${board.name}" (${board.id}), column "${key}" (${definition.id}): ${message}`, {
    boardId: board.id,
    boardName: board.name,
    column: key,
    columnId: definition.id,
    ...(label === undefined ? {} : { label }),
  });
}

/** `label`, checked to be one of the column's labels in the generated board. */
export function knownLabel(target: Target, label: unknown): string {
  const labels = target.definition.labels ?? [];
  if (typeof label !== 'string' || !labels.some((known) => known.name === label)) {
    throw drift(
      target,
      `the label ${JSON.stringify(label)} is not one of its labels (${labels.map((known) => JSON.stringify(known.name)).join(', ')}); regenerate the board's types if the board changed.`,
      typeof label === 'string' ? label : String(label),
    );
  }
  return label;
}

const ids = (value: unknown): readonly (number | string)[] => (Array.isArray(value) ? value : [value]) as never;

/** The builder for one value. */
function builderFor(target: Target, value: unknown): ColumnValueBuilder {
  if (value === null) return column.clear();
  const { kind } = target.definition;
  switch (kind) {
    case 'status':
      return column.status({ label: knownLabel(target, value) });
    case 'dropdown':
      return column.dropdown({ labels: ids(value).map((label) => knownLabel(target, label)) });
    case 'numbers':
      return column.numbers(value as number);
    case 'rating':
      return column.rating(value as number);
    case 'text':
      return column.text(value as string);
    case 'long_text':
      return column.longText(value as string);
    case 'email': {
      const email = (typeof value === 'string' ? { email: value } : value) as { email: string; label?: string };
      return column.email(email.email, email.label);
    }
    case 'date': {
      const day = (typeof value === 'string' ? { date: value } : value) as { date: string; time?: string };
      return column.date(day.date, day.time);
    }
    case 'people':
      return column.people(ids(value).map((id) => ({ id, kind: 'person' as const })));
    case 'board_relation':
      return column.boardRelation(ids(value));
    case 'dependency':
      return column.dependency(ids(value));
    case 'checkbox':
      return column.checkbox(value as boolean);
  }
  const builder = value as ColumnValueBuilder;
  if (typeof builder !== 'object' || !('kind' in builder) || (builder.kind !== kind && builder.kind !== 'clear')) {
    throw drift(target, `a ${kind} column takes a value made by column.${kind}(...) of the main entry.`);
  }
  return builder;
}

/** The generated column of `key`, or a {@link BoardDriftError} when the board has none. */
export function columnOf(board: BoardDefinition, key: string): BoardColumnDefinition {
  const definition = Object.hasOwn(board.columns, key) ? board.columns[key] : undefined;
  if (!definition) {
    throw new BoardDriftError(
      `Board "${board.name}" (${board.id}) has no column "${key}" (its columns: ${Object.keys(board.columns).join(', ')}); regenerate the board's types if the board changed.`,
      { boardId: board.id, boardName: board.name, column: key },
    );
  }
  return definition;
}

/**
 * The `column_values` JSON text of a write, keyed by column id; every key and label checked against the generated
 * board first.
 *
 * @throws {@link BoardDriftError} for a key or label the generated board does not have.
 * @throws {@link PlatformConfigError} for a value its builder refuses, naming the column.
 */
export function boardColumnValues(board: BoardDefinition, values: Readonly<Record<string, unknown>>): string {
  if (typeof values !== 'object' || values === null) return '{}';
  const builders: Record<string, ColumnValueBuilder> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const definition = columnOf(board, key);
    builders[definition.id] = builderFor({ board, key, definition }, value);
  }
  return columnValues(builders);
}
