/**
 * Type-level tests of the column builders and readers, checked by `npm run typecheck`. Nothing here runs: each
 * `@ts-expect-error` fails the build if the line it guards ever compiles.
 */
import type { TaskValuesQuery } from '../../examples/app/src/platform.generated.js';
import type { BoardItemsQuery, ColumnType } from '../../generated/graphql.js';
import { type ColumnReading, column, columnRule, readColumnValue } from '../../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

export function wrongBuilderInputDoesNotCompile(): void {
  // @ts-expect-error a status needs a label or an index
  column.status({});
  // @ts-expect-error not both
  column.status({ label: 'Done', index: 1 });
  // @ts-expect-error a date is a string
  column.date(new Date());
  // @ts-expect-error a number, not its text
  column.numbers('42');
  // @ts-expect-error dropdown labels or ids, not both
  column.dropdown({ labels: ['a'], ids: [1] });
  // @ts-expect-error a person or a team
  column.people([{ id: 1, kind: 'robot' }]);
  // @ts-expect-error the platform's date keywords only
  columnRule.date('date4', 'SOMEDAY');
}

export function readingsNarrowOnType(reading: ColumnReading): string | number | null {
  switch (reading.type) {
    case 'status':
      return reading.label;
    case 'date':
      return reading.date;
    case 'numbers':
      return reading.number;
    case 'unknown':
      return reading.columnType;
    default:
      // @ts-expect-error label exists only once narrowed to status
      return reading.label;
  }
}

export function readerTakesAGeneratedShape(cv: {
  id: string;
  type: 'status';
  text: string | null;
  value: string | null;
}) {
  return readColumnValue(cv);
}

type TaskValue = NonNullable<NonNullable<TaskValuesQuery['items']>[number]>['column_values'][number];
type PlainValue = NonNullable<
  NonNullable<BoardItemsQuery['boards']>[number]
>['items_page']['items'][number]['column_values'][number];

export function generatedColumnValuesNarrowOnType(value: TaskValue): number | string | boolean | null {
  if (value.type === 'status') return value.label ?? value.index;
  if (value.type === 'date') return value.date;
  if (value.type === 'checkbox') return value.checked;
  // @ts-expect-error no fragment selected label for other kinds
  return value.label;
}

export function withoutFragmentsTheShapeIsUnchanged(): void {
  expectType<Equal<PlainValue['type'], ColumnType>>();
  expectType<Equal<keyof PlainValue, 'id' | 'type' | 'text' | 'value'>>();
}

export function generatedValuesFeedTheReader(value: TaskValue): ColumnReading {
  return readColumnValue(value);
}
