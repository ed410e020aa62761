/**
 * The AI block configured on a column: kept on the column record itself (`ColumnRecord.ai`), so it goes where the
 * column goes (a duplicated board copies it, a deleted column takes it along). The emulator keeps the
 * configuration only: it never runs the block or writes AI output into items.
 */
import type { AiColumnConfig, ColumnRecord } from './records.js';

/** Sets (or replaces) the column's AI configuration. */
export function configureAi(column: ColumnRecord, config: AiColumnConfig): ColumnRecord {
  column.ai = config;
  return column;
}

/** Takes the AI configuration off the column (nothing when it has none). */
export function removeAi(column: ColumnRecord): ColumnRecord {
  delete column.ai;
  return column;
}
