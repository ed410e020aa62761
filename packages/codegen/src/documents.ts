/**
 * Reads the app's `.graphql` files and checks them against the schema, the way the API will: every
 * problem is reported as `file:line:column: message`, e.g. a misspelled field with graphql's suggestion.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type DefinitionNode,
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  Lexer,
  parse,
  Source,
  TokenKind,
  validate,
} from 'graphql';
import { expandGlobs } from './glob.js';

/** One parsed `.graphql` file. */
export interface DocumentFile {
  /** Path relative to the working directory, forward slashes. */
  location: string;
  document: DocumentNode;
}

/** The documents read, or the problems found (each `file:line:column: message`). */
export type DocumentsResult = { ok: true; files: DocumentFile[] } | { ok: false; problems: string[] };

/** `file:line:column: message` for a GraphQL error. */
export function formatProblem(error: GraphQLError): string {
  const source = error.source ?? error.nodes?.[0]?.loc?.source;
  const at = error.locations?.[0];
  return `${source?.name ?? '(unknown file)'}:${at?.line ?? 1}:${at?.column ?? 1}: ${error.message}`;
}

function operationProblems(files: DocumentFile[]): GraphQLError[] {
  const problems: GraphQLError[] = [];
  const seen = new Map<string, DefinitionNode>();
  for (const { document } of files) {
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION && definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
      if (!definition.name) {
        problems.push(
          new GraphQLError('Every operation needs a name: its types and document are named after it.', {
            nodes: definition,
          }),
        );
        continue;
      }
      const key = `${definition.kind === Kind.FRAGMENT_DEFINITION ? 'fragment' : 'operation'} ${definition.name.value}`;
      if (seen.has(key))
        problems.push(new GraphQLError(`There is already an ${key} with this name.`, { nodes: definition }));
      else seen.set(key, definition);
    }
  }
  return problems;
}

/**
 * Deepest nesting of `{`, `(` and `[` a document may have. graphql's parser, its validation and the plugins
 * all recurse per level and overflow the stack a few thousand levels down; no real operation comes near this.
 */
export const MAX_NESTING = 128;

/**
 * A problem at the first bracket nested deeper than {@link MAX_NESTING}, found with graphql's lexer (a loop, no
 * recursion) before the parser runs; undefined when the nesting is within the limit or the text does not lex
 * (the parser then reports it). Pinned by `packages/codegen/test/safety.test.ts` ("nested deeper than the limit").
 */
export function nestingProblem(source: Source): GraphQLError | undefined {
  const lexer = new Lexer(source);
  let depth = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (token.kind === TokenKind.BRACE_L || token.kind === TokenKind.PAREN_L || token.kind === TokenKind.BRACKET_L) {
        depth += 1;
        if (depth > MAX_NESTING)
          return new GraphQLError(
            `Selections, arguments or lists nest deeper than ${MAX_NESTING} levels here; split the operation.`,
            { source, positions: [token.start] },
          );
      } else if (
        token.kind === TokenKind.BRACE_R ||
        token.kind === TokenKind.PAREN_R ||
        token.kind === TokenKind.BRACKET_R
      ) {
        depth -= 1;
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Reads, parses and validates the files `patterns` match, relative to `cwd`. */
export async function readDocuments(
  patterns: readonly string[],
  cwd: string,
  schema: GraphQLSchema,
): Promise<DocumentsResult> {
  const paths = await expandGlobs(patterns, cwd);
  if (paths.length === 0)
    return { ok: false, problems: [`No file matches --documents ${patterns.join(' ')} (from ${cwd}).`] };
  const files: DocumentFile[] = [];
  const problems: string[] = [];
  for (const location of paths) {
    const body = await readFile(join(cwd, location), 'utf8');
    const source = new Source(body, location);
    const tooDeep = nestingProblem(source);
    if (tooDeep) {
      problems.push(formatProblem(tooDeep));
      continue;
    }
    try {
      files.push({ location, document: parse(source) });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      problems.push(formatProblem(error));
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const all: DocumentNode = { kind: Kind.DOCUMENT, definitions: files.flatMap((file) => file.document.definitions) };
  const invalid = [...operationProblems(files), ...validate(schema, all)];
  if (invalid.length > 0) return { ok: false, problems: invalid.map(formatProblem) };
  return { ok: true, files };
}
