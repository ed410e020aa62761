/**
 * Board validations in the in-memory store: each board's required columns and its validation rules (a `then`
 * constraint, optionally under an `if` condition), kept by board id in a Map. Callers check the board and columns;
 * this family keeps the records.
 */
import type { Stamper } from './clock.js';

/**
 * One validation rule of a board: its `if` (here `condition`) and `then` (here `constraint`, a name no promise
 * machinery mistakes for a thenable) as given, each a `GroupInput` (`{ operator, groups }`).
 */
export interface ValidationRuleRecord {
  /** Rule id (a numeric string). */
  id: string;
  /** The board it validates. */
  boardId: string;
  /** The condition that makes the rule apply (`if`); null: it always applies. */
  condition: Record<string, unknown> | null;
  /** The constraint the column values must satisfy (`then`). */
  constraint: Record<string, unknown>;
}

/** A rule's condition and constraint. */
export type RuleParts = Pick<ValidationRuleRecord, 'condition' | 'constraint'>;

/** The validations of one board. */
export interface BoardValidationsRecord {
  /** The board they belong to. */
  boardId: string;
  /** The ids of the board's required columns, in the order they were made required. */
  requiredColumnIds: string[];
  /** The board's validation rules, oldest first. */
  rules: ValidationRuleRecord[];
}

/** Required columns and validation rules, by board. */
export class ValidationStore {
  readonly #byBoard = new Map<string, BoardValidationsRecord>();
  readonly #stamper: Stamper;

  /** Keeps the seeded `validations`; new rule ids come from `stamper`. */
  constructor(validations: readonly BoardValidationsRecord[], stamper: Stamper) {
    for (const record of validations) this.#byBoard.set(record.boardId, record);
    this.#stamper = stamper;
  }

  /** Every board's validations (boards with none are not listed). */
  all(): BoardValidationsRecord[] {
    return [...this.#byBoard.values()];
  }

  /** The validations of a board (empty when it has none). */
  ofBoard(boardId: string): BoardValidationsRecord {
    return this.#byBoard.get(boardId) ?? { boardId, requiredColumnIds: [], rules: [] };
  }

  /** Makes a column required (nothing when it already is); returns the board's validations. */
  require(boardId: string, columnId: string): BoardValidationsRecord {
    const record = this.#own(boardId);
    if (!record.requiredColumnIds.includes(columnId)) record.requiredColumnIds.push(columnId);
    return record;
  }

  /** Makes a column optional again (nothing when it was not required); returns the board's validations. */
  release(boardId: string, columnId: string): BoardValidationsRecord {
    const record = this.#own(boardId);
    record.requiredColumnIds = record.requiredColumnIds.filter((id) => id !== columnId);
    return record;
  }

  /** Adds a rule to a board. */
  addRule(boardId: string, rule: RuleParts): ValidationRuleRecord {
    const record: ValidationRuleRecord = { id: this.#stamper.newId(), boardId, ...rule };
    this.#own(boardId).rules.push(record);
    return record;
  }

  /** The rule `ruleId` of a board, if it has one. */
  rule(boardId: string, ruleId: string): ValidationRuleRecord | undefined {
    return this.#byBoard.get(boardId)?.rules.find((rule) => rule.id === ruleId);
  }

  /** Replaces a rule's condition and constraint. */
  replaceRule(rule: ValidationRuleRecord, next: RuleParts): ValidationRuleRecord {
    rule.condition = next.condition;
    rule.constraint = next.constraint;
    return rule;
  }

  /** Removes a rule; returns it. */
  removeRule(rule: ValidationRuleRecord): ValidationRuleRecord {
    const record = this.#own(rule.boardId);
    record.rules = record.rules.filter((candidate) => candidate !== rule);
    return rule;
  }

  #own(boardId: string): BoardValidationsRecord {
    let record = this.#byBoard.get(boardId);
    if (!record) {
      record = { boardId, requiredColumnIds: [], rules: [] };
      this.#byBoard.set(boardId, record);
    }
    return record;
  }
}
