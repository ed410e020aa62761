/**
 * Type-level tests of typed boards (`workspace-platform-sdk/boards` with a board the command generated,
 * test/types/boards/launch.generated.ts), checked by `npm run typecheck`. Nothing here runs: each `@ts-expect-error`
 * fails the build if the line it guards ever compiles.
 */

import { type BoardDate, boardItems, createBoardItem, updateBoardItem } from '../../src/boards/index.js';
import { type ColumnReadings, column, type PlatformClient } from '../../src/index.js';
import { LaunchBoard, type LaunchFilter, type LaunchItem, type LaunchValues } from './boards/launch.generated.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

type Values = LaunchItem['values'];
type Stage = 'Working on it' | 'Done' | 'Stuck';

export function eachKindReadsAsItsType(): void {
  expectType<Equal<LaunchItem['id'] | LaunchItem['name'] | LaunchItem['groupId'], string>>();
  expectType<Equal<Values['stage'], Stage | null>>();
  expectType<Equal<Values['platforms'], ('Web' | 'Mobile' | 'Desktop')[]>>();
  expectType<Equal<Values['budget'], number | null>>();
  expectType<Equal<Values['summary'], string | null>>();
  expectType<Equal<Values['contactEmail'], string | null>>();
  expectType<Equal<Values['dueDate'], BoardDate | null>>();
  expectType<Equal<Values['owner'], number[]>>();
  expectType<Equal<Values['partners'], string[]>>();
  expectType<Equal<Values['partnerStatus'], string | null>>();
  expectType<Equal<Values['checkboxColumn'], boolean>>();
  expectType<Equal<Values['linkColumn'], ColumnReadings['link']>>();
  expectType<Equal<LaunchItem['linkedItems'], { partners: { id: string; name: string }[] }>>();
}

export function writesTakeTheColumnsTypes(values: LaunchValues): void {
  expectType<Equal<LaunchValues['stage'], Stage | null | undefined>>();
  expectType<Equal<LaunchValues['platforms'], readonly ('Web' | 'Mobile' | 'Desktop')[] | null | undefined>>();
  const ok: LaunchValues = {
    stage: 'Done',
    platforms: ['Web'],
    budget: 3,
    dueDate: '2026-11-24',
    owner: [501],
    partners: ['42'],
    linkColumn: column.link('https://example.com'),
  };
  void [ok, values];
}

export async function anUnknownLabelOrKeyDoesNotCompile(client: PlatformClient): Promise<void> {
  // @ts-expect-error not one of the status column's labels
  await createBoardItem(client, LaunchBoard, { name: 'x', values: { stage: 'Shipped' } });
  // @ts-expect-error not one of the dropdown's labels
  await updateBoardItem(client, LaunchBoard, '1', { platforms: ['Web', 'Watch'] });
  // @ts-expect-error no column has this key
  await createBoardItem(client, LaunchBoard, { name: 'x', values: { colour: 'red' } });
  // @ts-expect-error a number column takes a number
  await updateBoardItem(client, LaunchBoard, '1', { budget: '3' });
  // @ts-expect-error a formula is computed by the platform: nothing writes it
  await updateBoardItem(client, LaunchBoard, '1', { formulaColumn: '3' });
  // @ts-expect-error a link column takes its builder, not another kind's
  await updateBoardItem(client, LaunchBoard, '1', { linkColumn: column.text('x') });
  // @ts-expect-error a filter takes the column's labels
  boardItems(client, LaunchBoard, { filter: { stage: 'Shipped' } });
  // @ts-expect-error a filter's keys are the board's
  boardItems(client, LaunchBoard, { filter: { colour: 'red' } });
  const filter: LaunchFilter = { stage: ['Done', 'Stuck'], budget: { greaterThan: 3 }, dueDate: 'OVERDUE' };
  for await (const item of boardItems(client, LaunchBoard, { filter })) {
    // @ts-expect-error an item's values have the board's keys only
    void item.values.colour;
  }
}
