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
  parse,
  Source,
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
    try {
      files.push({ location, document: parse(new Source(body, location)) });
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
