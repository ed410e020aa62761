/**
 * Finds the operations of a GraphQL document without parsing it: one regular expression splits it into
 * tokens (skipping whitespace, commas, comments, strings and block strings), nesting is tracked, and
 * the top-level definition headers are read (`query|mutation|subscription [Name]`, the `{ ... }`
 * shorthand, `fragment ...`).
 */
/** Kind of a GraphQL operation. */
export type OperationKind = 'query' | 'mutation' | 'subscription';

/** One operation defined at the top level of a document. */
export interface OperationInfo {
  kind: OperationKind;
  name?: string;
}

type State =
  /** Between definitions: the next token starts one. */
  | 'start'
  /** After `query|mutation|subscription`: an optional name, variables, directives, then `{`. */
  | 'operation-header'
  /** Any other definition (fragment, type system): skipped up to and through its `{ ... }`. */
  | 'other-header'
  /** Inside a top-level `{ ... }`. */
  | 'body';

const OPERATION_KEYWORDS: ReadonlySet<string> = new Set(['query', 'mutation', 'subscription']);

/**
 * One token per match, in source order: a block string (`\"""` inside it escaped, unterminated: to the
 * end), a string (to its closing quote or the line's end), a comment, a name (captured), or any other
 * single character. Whitespace, line breaks, commas and the BOM are skipped between tokens.
 */
const TOKEN = /"""(?:\\"""|[\s\S])*?(?:"""|$)|"(?:\\[\s\S]|[^"\\\n\r])*"?|#[^\n\r]*|([_A-Za-z]\w*)|[^ \t\n\r,\ufeff]/g;

/** Lists the operations defined at the top level of `source`, in order. Never throws. */
export function scanOperations(source: string): OperationInfo[] {
  const operations: OperationInfo[] = [];
  let state: State = 'start';
  let depth = 0;
  let pendingKind: OperationKind = 'query';
  let pendingName: string | undefined;
  let nameSlotOpen = false;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(source); match; match = TOKEN.exec(source)) {
    const [token, name] = match;
    if (name !== undefined) {
      if (depth !== 0) continue;
      if (state === 'start') {
        if (OPERATION_KEYWORDS.has(name)) {
          state = 'operation-header';
          pendingKind = name as OperationKind;
          pendingName = undefined;
          nameSlotOpen = true;
        } else {
          state = 'other-header';
        }
      } else if (state === 'operation-header' && nameSlotOpen) {
        pendingName = name;
        nameSlotOpen = false;
      }
      continue;
    }
    if (token[0] === '#') continue; // a comment leaves the name slot as it was
    nameSlotOpen = false;
    if (token === '{' || token === '(' || token === '[') {
      if (token === '{' && depth === 0) {
        if (state === 'start') operations.push({ kind: 'query' });
        else if (state === 'operation-header') {
          operations.push(pendingName === undefined ? { kind: pendingKind } : { kind: pendingKind, name: pendingName });
        }
        state = 'body';
      }
      depth += 1;
    } else if (token === '}' || token === ')' || token === ']') {
      if (depth > 0) depth -= 1;
      if (depth === 0 && token === '}' && state === 'body') state = 'start';
    }
  }
  return operations;
}
