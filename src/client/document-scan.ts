/**
 * Finds the operations of a GraphQL document without parsing it: a small lexer skips whitespace,
 * commas, comments, strings and block strings, tracks nesting, and reads the top-level definition
 * headers (`query|mutation|subscription [Name]`, the `{ ... }` shorthand, `fragment ...`).
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

function isNameStart(c: number): boolean {
  return c === 95 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isNameContinue(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57);
}

function isIgnored(c: number): boolean {
  // space, tab, LF, CR, comma, BOM
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 44 || c === 0xfeff;
}

/** Index just past a `"..."` string whose opening quote is at `start - 1`. A line break ends it. */
function skipString(source: string, start: number): number {
  let i = start;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === 92) i += 2;
    else if (c === 34) return i + 1;
    else if (c === 10 || c === 13) return i;
    else i += 1;
  }
  return i;
}

/** Index just past a `"""..."""` block string whose content starts at `start`. */
function skipBlockString(source: string, start: number): number {
  let i = start;
  while (i < source.length) {
    if (source.startsWith('\\"""', i)) i += 4;
    else if (source.startsWith('"""', i)) return i + 3;
    else i += 1;
  }
  return i;
}

/** Lists the operations defined at the top level of `source`, in order. Never throws. */
export function scanOperations(source: string): OperationInfo[] {
  const operations: OperationInfo[] = [];
  let state: State = 'start';
  let depth = 0;
  let pendingKind: OperationKind = 'query';
  let pendingName: string | undefined;
  let nameSlotOpen = false;
  let i = 0;

  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (isIgnored(c)) {
      i += 1;
      continue;
    }
    if (c === 35) {
      // # comment up to the end of the line
      while (i < source.length && source.charCodeAt(i) !== 10 && source.charCodeAt(i) !== 13) i += 1;
      continue;
    }
    if (isNameStart(c)) {
      let end = i + 1;
      while (end < source.length && isNameContinue(source.charCodeAt(end))) end += 1;
      const name = source.slice(i, end);
      i = end;
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
    nameSlotOpen = false;
    if (c === 34) {
      i = source.startsWith('"""', i) ? skipBlockString(source, i + 3) : skipString(source, i + 1);
      continue;
    }
    if (c === 123 || c === 40 || c === 91) {
      // { ( [
      if (c === 123 && depth === 0) {
        if (state === 'start') operations.push({ kind: 'query' });
        else if (state === 'operation-header') {
          operations.push(pendingName === undefined ? { kind: pendingKind } : { kind: pendingKind, name: pendingName });
        }
        state = 'body';
      }
      depth += 1;
    } else if (c === 125 || c === 41 || c === 93) {
      // } ) ]
      if (depth > 0) depth -= 1;
      if (depth === 0 && c === 125 && state === 'body') state = 'start';
    }
    i += 1;
  }
  return operations;
}
