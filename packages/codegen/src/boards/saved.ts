/**
 * The structure of the generated boards, saved beside the generated file (`launch.generated.ts` →
 * `launch.generated.boards.json`), so the file is regenerated offline (`--offline`) and `--check` compares the
 * boards as generated with the boards as they are now.
 */
import { readFile } from 'node:fs/promises';
import type { BoardStructure } from 'workspace-platform-sdk/boards';

/** The saved file's format. */
export const SAVED_FORMAT = 'workspace-platform-codegen/boards@1';

/** One generated board: the type name it was given and its structure as read. */
export interface SavedBoard {
  typeName: string;
  structure: BoardStructure;
}

/** The saved file. */
export interface SavedBoards {
  format: typeof SAVED_FORMAT;
  boards: SavedBoard[];
}

/** Where the structure of `output`'s boards is saved. */
export function savedPath(output: string): string {
  return `${output.replace(/\.[cm]?tsx?$/, '')}.boards.json`;
}

/** The saved file's text: stable (two-space JSON, a final newline), so it diffs well in review. */
export function savedText(boards: readonly SavedBoard[]): string {
  return `${JSON.stringify({ format: SAVED_FORMAT, boards: [...boards] } satisfies SavedBoards, null, 2)}\n`;
}

/** The saved boards at `path`, or a message saying why they cannot be read. */
export async function readSaved(path: string): Promise<SavedBoard[] | string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return `${path} does not exist: generate the boards first (without --check or --offline).`;
  }
  try {
    const saved = JSON.parse(text) as SavedBoards;
    if (saved.format !== SAVED_FORMAT || !Array.isArray(saved.boards)) throw new Error('not the format');
    return saved.boards;
  } catch {
    return `${path} is not a saved board structure of workspace-platform-codegen; generate the boards again.`;
  }
}
