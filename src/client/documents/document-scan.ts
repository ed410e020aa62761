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

const OPERATION_KEYWORD = /^(query|mutation|subscription)$/;

/**
 * One token per match, in source order: a block string (`\"""` inside it escaped, unterminated: to the
 * end), a string (to its closing quote or the line's end), a comment, a name (captured), or any other
 * single character. Whitespace, line breaks, commas and the BOM are skipped between tokens.
 */
export const TOKEN =
  /"""(?:\\"""|[\s\S])*?(?:"""|$)|"(?:\\[\s\S]|[^"\\\n\r])*"?|#[^\n\r]*|([_A-Za-z]\w*)|[^ \t\n\r,\ufeff]/g;

/**
 * Lists the operations defined at the top level of `source`, in order. Never throws. At the top level (depth 0),
 * a definition starts with `query|mutation|subscription` (an operation, named by the name right after it), with
 * `{` (the query shorthand), or with anything else (a fragment or type definition: skipped); its top-level
 * `{ ... }` ends it.
 */
export function scanOperations(source: string): OperationInfo[] {
  const operations: OperationInfo[] = [];
  let depth = 0;
  /** The definition being read: undefined before its first token, null for one that is not an operation. */
  let definition: OperationInfo | null | undefined;
  /** True right after an operation keyword, where its name may come. */
  let nameSlot = false;
  for (const [token, name] of source.matchAll(TOKEN)) {
    if (token[0] === '#') continue; // a comment leaves the name slot as it was
    const slot = nameSlot;
    nameSlot = false;
    if (name !== undefined) {
      if (depth > 0) continue;
      if (definition === undefined) {
        definition = OPERATION_KEYWORD.test(name) ? { kind: name as OperationKind } : null;
        nameSlot = definition !== null;
      } else if (slot && definition) definition.name = name;
    } else if ('{(['.includes(token)) {
      if (token === '{' && depth === 0) {
        if (definition !== null) operations.push(definition ?? { kind: 'query' });
        definition = null;
      }
      depth += 1;
    } else if ('})]'.includes(token) && depth > 0 && --depth === 0 && token === '}') {
      // Only a definition's `{ ... }` opens at the top level with a brace: its closing brace ends the definition.
      definition = undefined;
    }
  }
  return operations;
}
