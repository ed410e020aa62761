/**
 * The document object handed to the transport: a stub of the one operation to run, carrying the
 * document's text under a symbol so the transport never has to print or parse anything.
 */

/** Kind of a GraphQL operation. */
export type OperationKind = 'query' | 'mutation' | 'subscription';

/** Key under which a {@link PreparedDocument} carries the text to send. */
export const PREPARED_TEXT: unique symbol = Symbol.for('workspace-platform-sdk.prepared-text');

/** The selected operation, in the shape of a GraphQL `OperationDefinition` node (no selections). */
export interface OperationStub {
  readonly kind: 'OperationDefinition';
  readonly operation: OperationKind;
  readonly name?: { readonly kind: 'Name'; readonly value: string };
}

/** A document analysed once: its text, and a one-definition stub naming the operation to run. */
export interface PreparedDocument {
  readonly kind: 'Document';
  readonly definitions: readonly [OperationStub];
  readonly [PREPARED_TEXT]: string;
}

/** Builds the prepared document for one operation of a document whose text is `text`. */
export function createPreparedDocument(text: string, operation: OperationKind, name?: string): PreparedDocument {
  const stub: OperationStub =
    name === undefined
      ? { kind: 'OperationDefinition', operation }
      : { kind: 'OperationDefinition', operation, name: { kind: 'Name', value: name } };
  return { kind: 'Document', definitions: [stub], [PREPARED_TEXT]: text };
}

/** The text of a prepared document, or undefined when `value` is not one. */
export function preparedText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const text = (value as { [PREPARED_TEXT]?: unknown })[PREPARED_TEXT];
  return typeof text === 'string' ? text : undefined;
}
