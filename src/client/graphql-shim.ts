/**
 * Stands in for the `graphql` package inside the bundled transport (graphql-request).
 *
 * The build (tsup) and the unit tests (vitest) redirect every `graphql` import made from
 * graphql-request's files here, so shipping the client loads none of `graphql`. The transport only
 * ever receives documents prepared by `./document.ts`, which carry their text: `print` returns that
 * text, and `parse` (used by graphql-request for string documents only) is never reached.
 */
import { preparedText } from './prepared-document.js';

/** The AST node kinds graphql-request compares against. */
export const Kind = {
  DOCUMENT: 'Document',
  OPERATION_DEFINITION: 'OperationDefinition',
  NAME: 'Name',
} as const;

/** Returns the prepared text of a document analysed by the client. */
export function print(node: unknown): string {
  const text = preparedText(node);
  if (text === undefined) {
    throw new Error('workspace-platform-sdk: the bundled transport prints only documents prepared by the client');
  }
  return text;
}

/** Never reached: the client hands the transport prepared documents, never strings. */
export function parse(_source: unknown): never {
  throw new Error('workspace-platform-sdk: graphql parse is not bundled (the client analyses documents itself)');
}
