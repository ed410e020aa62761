/**
 * `workspace-platform-sdk/boards`: calls typed by an app's own boards. `workspace-platform-codegen --board <id>`
 * generates a board's constant (`LaunchBoard`) and types (`LaunchItem`, `LaunchValues`); these calls take the
 * constant, so a column or label the board does not have is a compile error, and one the board no longer has fails
 * before anything is written. See docs/typed-boards.md.
 *
 * @packageDocumentation
 * @module workspace-platform-sdk/boards
 */
export type {
  BoardColumnDefinition,
  BoardColumnReads,
  BoardColumnRules,
  BoardColumnWrites,
  BoardDate,
  BoardDefinition,
  BoardFilter,
  BoardItem,
  BoardLabel,
  BoardLabelOf,
  BoardLinkedItem,
  BoardMirrorSettings,
  BoardValues,
} from './definition.js';
export { BoardDriftError } from './errors.js';
export { type BoardItemsOptions, boardItems, createBoardItem, updateBoardItem } from './items.js';
export { LIVE_STRUCTURE_TTL_MS } from './live-check.js';
export { type BoardStructure, type BoardStructureColumn, readBoardStructure } from './structure.js';
