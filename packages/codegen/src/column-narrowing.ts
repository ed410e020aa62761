/**
 * Narrowing of `column_values` in generated types. A selection with inline fragments on the `...Value` types
 * (`... on StatusValue { label }`) is printed as a union with one member per implementation, but every member's
 * `type` is the whole `ColumnType` enum, so `if (cv.type === 'status') cv.label` would not compile. Here:
 * 1. {@link withColumnTypenames} adds `__typename` to such selections in the documents the types are generated
 *    from (never in the documents sent), so each member is printed with its implementation's name;
 * 2. {@link narrowColumnValues} gives each member the column kinds of its implementation as `type`, merges the
 *    members that differ only by implementation, and drops `__typename` again where the document did not select it.
 * Selections without such fragments are left as they were. Pinned by packages/codegen/test/column-narrowing.test.ts and
 * test/types/columns.types.ts.
 */
import { type DocumentNode, Kind, type SelectionSetNode, visit } from 'graphql';
import type { CodegenDocumentFile } from './plugin-interface.js';

/**
 * The column kinds each `...Value` implementation stands for (the platform's column type reference): the type's name
 * without `Value`, in snake case. Held to the newest published schema by test/schema-lists.test.ts.
 */
export const VALUE_KINDS: Readonly<Record<string, readonly string[]>> = {
  BoardRelationValue: ['board_relation'],
  ButtonValue: ['button'],
  CheckboxValue: ['checkbox'],
  ColorPickerValue: ['color_picker'],
  CountryValue: ['country'],
  CreationLogValue: ['creation_log'],
  DateValue: ['date'],
  DependencyValue: ['dependency'],
  DirectDocValue: ['direct_doc'],
  DocValue: ['doc'],
  DropdownValue: ['dropdown'],
  EmailValue: ['email'],
  FileValue: ['file'],
  FormulaValue: ['formula'],
  GroupValue: ['group'],
  HourValue: ['hour'],
  IntegrationValue: ['integration'],
  ItemIdValue: ['item_id'],
  LastUpdatedValue: ['last_updated'],
  LinkValue: ['link'],
  LocationValue: ['location'],
  LongTextValue: ['long_text'],
  MirrorValue: ['mirror'],
  NumbersValue: ['numbers'],
  PeopleValue: ['people'],
  PersonValue: ['person'],
  PhoneValue: ['phone'],
  ProgressValue: ['progress'],
  RatingValue: ['rating'],
  StatusValue: ['status'],
  SubtasksValue: ['subtasks'],
  TagsValue: ['tags'],
  TeamValue: ['team'],
  TextValue: ['text'],
  TimeTrackingValue: ['time_tracking'],
  TimelineValue: ['timeline'],
  VoteValue: ['vote'],
  WeekValue: ['week'],
  WorldClockValue: ['world_clock'],
};

const isValueFragment = (selections: SelectionSetNode['selections']) =>
  selections.some(
    (selection) => selection.kind === Kind.INLINE_FRAGMENT && /Value$/.test(selection.typeCondition?.name.value ?? ''),
  );

const selectsTypename = (selections: SelectionSetNode['selections']) =>
  selections.some((selection) => selection.kind === Kind.FIELD && selection.name.value === '__typename');

/** What {@link withColumnTypenames} found: per operation, whether it narrows and whether it selected `__typename`. */
export type NarrowedOperations = Map<string, { keepTypename: boolean }>;

/** The documents with `__typename` in every selection holding `... on XValue` fragments, and the operations touched. */
export function withColumnTypenames(documents: readonly CodegenDocumentFile[]): {
  documents: CodegenDocumentFile[];
  operations: NarrowedOperations;
} {
  const operations: NarrowedOperations = new Map();
  const files = documents.map((file) => {
    if (!file.document) return file;
    let operation = '';
    const document: DocumentNode = visit(file.document, {
      OperationDefinition: {
        enter(node) {
          operation = node.name?.value ?? '';
        },
      },
      SelectionSet(node) {
        if (!isValueFragment(node.selections)) return undefined;
        const kept = operations.get(operation)?.keepTypename ?? false;
        const selected =
          selectsTypename(node.selections) ||
          node.selections.some(
            (selection) =>
              selection.kind === Kind.INLINE_FRAGMENT && selectsTypename(selection.selectionSet.selections),
          );
        operations.set(operation, { keepTypename: kept || selected });
        if (selectsTypename(node.selections)) return undefined;
        const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } } as const;
        return { ...node, selections: [typename, ...node.selections] };
      },
    });
    return { ...file, document };
  });
  return { documents: files, operations };
}

const MEMBER = /^(\s*)\| (\{ __typename: '(\w+)', .*\})$/;
const TYPE_FIELD = /\btype: ColumnType\b/;

const literal = (kinds: Iterable<string>) => [...kinds].map((kind) => `'${kind}'`).join(' | ');

/** One union of `column_values` members (consecutive member lines), narrowed. */
function narrowMembers(lines: string[], keepTypename: boolean): string[] {
  const parsed = lines.map((line) => MEMBER.exec(line));
  if (parsed.some((match) => !match || !TYPE_FIELD.test(match[2] ?? ''))) return lines;
  const indent = parsed[0]?.[1] ?? '';
  const groups = new Map<string, string[]>();
  for (const match of parsed) {
    const [, , member = '', typename = ''] = match as RegExpExecArray;
    const shape = member.replace(`__typename: '${typename}', `, '');
    groups.set(shape, [...(groups.get(shape) ?? []), typename]);
  }
  // Versions without DirectDocValue (2025-04 and before) show direct_doc columns as DocValue. BatteryValue (status
  // roll-ups of multi-level boards, newer versions) claims `status` only when the document selects fields on it:
  // otherwise `type === 'status'` would narrow to it too, and `label` would not compile after it.
  const direct = parsed.some((match) => match?.[3] === 'DirectDocValue');
  const kindsFor = (typename: string, group: readonly string[]): readonly string[] => {
    if (typename === 'DocValue' && !direct) return ['doc', 'direct_doc'];
    if (typename === 'BatteryValue') return group.length === 1 ? ['status'] : [];
    return VALUE_KINDS[typename] ?? [];
  };
  const kindsOf = (group: readonly string[]) => new Set(group.flatMap((typename) => kindsFor(typename, group)));
  return [...groups].map(([shape, typenames]) => {
    // A member holding an implementation of no known kind (UnsupportedValue, or one newer than this list) stands
    // for every kind the other members do not claim.
    const others = new Set(
      [...groups.values()].filter((group) => group !== typenames).flatMap((group) => [...kindsOf(group)]),
    );
    const known = typenames.every((typename) => kindsFor(typename, typenames).length > 0);
    const kinds = known
      ? literal(kindsOf(typenames))
      : others.size === 0
        ? 'ColumnType'
        : `Exclude<ColumnType, ${literal(others)}>`;
    const typed = shape.replace(TYPE_FIELD, `type: ${kinds}`);
    const named = keepTypename ? typed.replace('{ ', `{ __typename: ${literal(typenames)}, `) : typed;
    return `${indent}| ${named}`;
  });
}

/** `text` (the printed types) with the `column_values` unions of `operations` narrowing on `type`. */
export function narrowColumnValues(text: string, operations: NarrowedOperations): string {
  if (operations.size === 0) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let current: { keepTypename: boolean } | undefined;
  for (let index = 0; index < lines.length; ) {
    const line = lines[index] ?? '';
    const declared = /^export type (\w+?)(Query|Mutation|Subscription) = /.exec(line);
    if (declared) current = operations.get(declared[1] ?? '');
    else if (/^export /.test(line)) current = undefined;
    if (!current || !MEMBER.test(line)) {
      out.push(line);
      index += 1;
      continue;
    }
    let end = index;
    while (end < lines.length && MEMBER.test(lines[end] ?? '')) end += 1;
    out.push(...narrowMembers(lines.slice(index, end), current.keepTypename));
    index = end;
  }
  return out.join('\n');
}
