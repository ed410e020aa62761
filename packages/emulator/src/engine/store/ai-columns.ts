/**
 * The AI block configured on a column: kept on the column record itself (`ColumnRecord.ai`), so it goes where the
 * column goes (a duplicated board copies it, a deleted column takes it along). The emulator keeps the
 * configuration only: it never runs the block or writes AI output into items.
 */
import type { ColumnRecord } from './records.js';

/** The AI blocks the configure mutations set, named after their mutation. */
export type AiColumnBlock =
  | 'categorize'
  | 'extract'
  | 'improve_text'
  | 'open_block'
  | 'person_assignment'
  | 'summarize'
  | 'translate'
  | 'write_me';

/** One column's AI configuration, as given to its configure mutation. */
export interface AiColumnConfig {
  block: AiColumnBlock;
  /** The block's arguments as given (besides the board and column), e.g. `source_type`, `target_language`. */
  settings: Record<string, unknown>;
  /** Whether the block was to run on the board's existing items (`extra_settings.run_backfill`, default true). */
  runBackfill: boolean;
  configuredById: string;
  configuredAt: string;
}

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
