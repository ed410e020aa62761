/**
 * What changed on a board since its structure was saved, one line per change: a column added, removed, retyped or
 * retitled; a label added, removed or renamed (a label is the same label while its id is, so a new text on the same
 * id is a rename); a group added or removed. Columns and labels are matched by id, so a column retitled is not read as
 * one removed and one added. Pinned by packages/codegen/test/boards.test.ts.
 */
import type { BoardStructure, BoardStructureColumn } from 'workspace-platform-sdk/boards';

const quoted = (text: string): string => JSON.stringify(text);

function labelChanges(before: BoardStructureColumn, after: BoardStructureColumn, where: string): string[] {
  const lines: string[] = [];
  const then = new Map((before.labels ?? []).map((label) => [label.id, label.name]));
  const now = new Map((after.labels ?? []).map((label) => [label.id, label.name]));
  for (const [id, name] of then) {
    const current = now.get(id);
    if (current === undefined) lines.push(`${where}: label ${quoted(name)} removed`);
    else if (current !== name) lines.push(`${where}: label ${quoted(name)} renamed to ${quoted(current)}`);
  }
  for (const [id, name] of now) if (!then.has(id)) lines.push(`${where}: label ${quoted(name)} added`);
  return lines;
}

/** The changes from `saved` to `current`, one line each, or none when the board is as it was. */
export function boardChanges(saved: BoardStructure, current: BoardStructure): string[] {
  const board = `Board ${quoted(saved.name)} (${saved.id})`;
  const lines: string[] = [];
  const now = new Map(current.columns.map((column) => [column.id, column]));
  const then = new Set(saved.columns.map((column) => column.id));
  for (const before of saved.columns) {
    const where = `${board}, column ${quoted(before.title)} (${before.id})`;
    const after = now.get(before.id);
    if (!after) {
      lines.push(`${where}: removed`);
      continue;
    }
    if (after.kind !== before.kind) lines.push(`${where}: retyped from ${before.kind} to ${after.kind}`);
    if (after.title !== before.title) lines.push(`${where}: retitled to ${quoted(after.title)}`);
    if (after.kind === before.kind) lines.push(...labelChanges(before, after, where));
  }
  for (const after of current.columns) {
    if (!then.has(after.id))
      lines.push(`${board}, column ${quoted(after.title)} (${after.id}): added, a ${after.kind} column`);
  }
  const groupsNow = new Set(current.groups.map((group) => group.id));
  const groupsThen = new Set(saved.groups.map((group) => group.id));
  for (const group of saved.groups) {
    if (!groupsNow.has(group.id)) lines.push(`${board}, group ${quoted(group.title)} (${group.id}): removed`);
  }
  for (const group of current.groups) {
    if (!groupsThen.has(group.id)) lines.push(`${board}, group ${quoted(group.title)} (${group.id}): added`);
  }
  return lines;
}
