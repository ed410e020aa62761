/** The error of the typed board calls when the code and the board disagree. */
import { PlatformError } from '../index.js';

/**
 * A column or label the code uses that the board does not have: the board changed after its types were generated
 * (a column removed or retyped, a label renamed or removed), or a value passed at run time is not one of the
 * generated board's. Thrown before anything is written. Regenerate the board's types
 * (`workspace-platform-codegen --board ...`) and fix what no longer compiles.
 */
export class BoardDriftError extends PlatformError {
  /** The class name, `'BoardDriftError'`: a string, so it survives minification. */
  override name = 'BoardDriftError' as const;
  /** The board's id. */
  readonly boardId: string;
  /** The board's name, as generated. */
  readonly boardName: string;
  /** The column's key in the code. */
  readonly column: string;
  /** The column's id on the board, when the generated board has the key. */
  readonly columnId: string | undefined;
  /** The label the board does not have, when a label is the cause. */
  readonly label: string | undefined;

  constructor(
    message: string,
    where: { boardId: string; boardName: string; column: string; columnId?: string; label?: string },
  ) {
    super(message);
    this.boardId = where.boardId;
    this.boardName = where.boardName;
    this.column = where.column;
    this.columnId = where.columnId;
    this.label = where.label;
  }
}
