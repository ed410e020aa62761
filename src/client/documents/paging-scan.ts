/**
 * What a document's own text says about its cursor-paginated connection, for documents without this package's
 * `__meta__` (plain strings, other generators' ASTs once printed): the variable bound to the first `cursor:`
 * argument, and what the same field takes beside it that the API refuses together with a cursor (`query_params`,
 * which the cursor already carries: "items_page takes cursor or query_params, not both"; the same for
 * `items_page_by_column_values`' `columns`). Mirrors codegen's reading of the AST (packages/codegen/src/paging-meta.ts)
 * on the same tokens as ./document-scan.ts, so strings, block strings and comments never match.
 * Pinned by test/unit/paging-scan.test.ts and test/e2e/paginate.test.ts.
 */
import { TOKEN } from './document-scan.js';

/** Arguments the API refuses beside a cursor: a later page sends them as null. */
const CLEARED_BESIDE_CURSOR = ['query_params', 'columns'];

/** The paging facts found in a document's text. */
export interface PagingArguments {
  /** The variable passed to the first `cursor:` argument that takes one. */
  cursorVariable?: string;
  /** The variables the same field takes as `query_params` (or `columns`): cleared on pages after the first. */
  clearedVariables: string[];
  /** The first such argument written inline (not as a variable and not null): no later page could clear it. */
  inlineArgument?: string;
}

/** One argument of a field: its name, and the variable it is bound to (undefined for a literal, `null` for `null`). */
interface Argument {
  name: string;
  variable: string | null | undefined;
}

/** The significant tokens of `source` (comments dropped), and which of them are names. */
function tokensOf(source: string): { text: string; name: boolean }[] {
  const tokens: { text: string; name: boolean }[] = [];
  for (const [token, name] of source.matchAll(TOKEN)) {
    if (token[0] !== '#') tokens.push({ text: token, name: name !== undefined });
  }
  return tokens;
}

/**
 * The arguments of the parenthesised list opening at `tokens[open]` (a `(`), and the index of its closing `)`. An
 * argument is a name followed by `:` at the list's own depth (a variable definition, `$name:`, is not one).
 */
function argumentsAt(tokens: { text: string; name: boolean }[], open: number): { args: Argument[]; end: number } {
  const args: Argument[] = [];
  let depth = 0;
  let index = open;
  for (; index < tokens.length; index += 1) {
    const { text, name } = tokens[index] as { text: string; name: boolean };
    if ('([{'.includes(text)) depth += 1;
    else if (')]}'.includes(text)) {
      depth -= 1;
      if (depth === 0) break;
    } else if (depth === 1 && name && tokens[index + 1]?.text === ':' && tokens[index - 1]?.text !== '$') {
      const value = tokens[index + 2];
      const variable =
        value?.text === '$' && tokens[index + 3]?.name
          ? (tokens[index + 3] as { text: string }).text
          : value?.text === 'null'
            ? null
            : undefined;
      args.push({ name: text, variable });
    }
  }
  return { args, end: index };
}

/** The paging facts of a document's text: the first field whose `cursor` argument is a variable. Never throws. */
export function pagingArguments(source: string): PagingArguments {
  const tokens = tokensOf(source);
  for (let index = 0; index < tokens.length - 1; index += 1) {
    if (!tokens[index]?.name || tokens[index + 1]?.text !== '(') continue;
    const { args } = argumentsAt(tokens, index + 1);
    const cursor = args.find((arg) => arg.name === 'cursor');
    if (typeof cursor?.variable !== 'string') continue;
    const found: PagingArguments = { cursorVariable: cursor.variable, clearedVariables: [] };
    for (const arg of args) {
      if (!CLEARED_BESIDE_CURSOR.includes(arg.name) || arg.variable === null) continue;
      if (arg.variable === undefined) found.inlineArgument ??= arg.name;
      else found.clearedVariables.push(arg.variable);
    }
    return found;
  }
  return { clearedVariables: [] };
}
