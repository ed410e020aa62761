/**
 * Turns what a caller passes to `request()` into the operation to send: the text to send and the
 * kind and name of the operation that will run. The analysis is done once per document and cached
 * (a WeakMap for objects, a bounded Map for strings): its operations, each prepared once, so choosing one by name
 * allocates nothing.
 * Nothing here loads the `graphql` package: the text sent is scanned by a small lexer, whatever the document;
 * an AST document's text is its source or, when it carries none, its print by a small printer of our own. That
 * printer (print-document.ts) is loaded on demand, by {@link documentReady}, the first time such a document is
 * run: a call with a string or a generated document never loads it (`test/unit/document.test.ts`).
 */
import { PlatformConfigError } from '../errors/errors.js';
import { loadOnDemand } from '../request/on-demand.js';
import { documentApiVersion } from './document-meta.js';
import { type OperationKind, scanOperations } from './document-scan.js';
import type { AstNode } from './print-document.js';

/** The operation a call will run, ready for the transport. */
export interface PreparedOperation {
  kind: OperationKind;
  name?: string;
  /** The full document text, sent as `query`. */
  text: string;
  /** The API version a generated document was generated for; undefined for strings and foreign documents. */
  apiVersion?: string;
}

/** Most distinct string documents kept; the oldest is dropped beyond this. */
export const STRING_CACHE_LIMIT = 500;

/** The analysis of a document: its operations, each prepared once, in order. */
const byObject = new WeakMap<object, PreparedOperation[]>();
const byString = new Map<string, PreparedOperation[]>();

interface AstDocument {
  kind: 'Document';
  definitions: readonly unknown[];
  loc?: { source?: { body?: string } };
}

function isAstDocument(value: unknown): value is AstDocument {
  return (value as AstDocument | null)?.kind === 'Document' && Array.isArray((value as AstDocument).definitions);
}

/** Prints an AST document to GraphQL text (print-document.ts: print). */
export type DocumentPrinter = (document: AstNode) => string;

/** The AST printer, once {@link documentReady} has loaded it. */
let loadedPrinter: DocumentPrinter | undefined;

/**
 * Undefined when `document` can be prepared now; else (an AST without source text, the printer not loaded yet)
 * a promise that loads the printer: prepare the document once it settles.
 */
export function documentReady(document: unknown): Promise<void> | undefined {
  if (loadedPrinter || !isAstDocument(document) || byObject.has(document)) return;
  if (typeof document.loc?.source?.body === 'string') return;
  return loadOnDemand(import('./print-document.js'), 'AST printer').then((printer) => {
    loadedPrinter = printer.print;
  });
}

function analyseString(text: string): PreparedOperation[] {
  let operations = byString.get(text);
  if (!operations) {
    if (byString.size >= STRING_CACHE_LIMIT) byString.delete(byString.keys().next().value as string);
    operations = scanOperations(text).map((operation) => ({ ...operation, text }));
    byString.set(text, operations);
  }
  return operations;
}

/**
 * The analysis of an object document, made once per object: its text (a `String`'s, codegen's TypedDocumentString;
 * an AST's source or, without one, e.g. codegen's documentNode mode, its print, made once, here: the callers make
 * sure a printer is there, executeOperation awaits documentReady, paginate passes its own) is scanned as a string's
 * is, so the operations chosen from are those of the text sent. A generated document's API version comes with it:
 * it keeps its own prepared operations, while the same text as a plain string runs at the client's version.
 */
function analyseObject(document: unknown, print: DocumentPrinter | undefined): PreparedOperation[] {
  let text: string;
  if (document instanceof String) text = String(document);
  else if (isAstDocument(document)) {
    const source = document.loc?.source?.body;
    text = typeof source === 'string' ? source : (print as DocumentPrinter)(document as unknown as AstNode);
  } else {
    throw new PlatformConfigError('The document must be a GraphQL string, a TypedDocumentString or a DocumentNode.');
  }
  const apiVersion = documentApiVersion(document);
  return analyseString(text).map((operation) => ({ ...operation, apiVersion }));
}

/** The operation of `operations` that `operationName` names, or the only one. */
function select(operations: PreparedOperation[], operationName: string | undefined): PreparedOperation {
  const count = operations.length;
  const chosen =
    operationName === undefined
      ? count === 1
        ? operations[0]
        : undefined
      : operations.find((operation) => operation.name === operationName);
  if (!chosen) {
    const names = operations.map((operation) => operation.name ?? '(anonymous)').join(', ');
    throw new PlatformConfigError(
      operationName !== undefined
        ? `operationName '${operationName}' is not an operation of the document (it holds: ${names || 'none'}).`
        : `The document holds ${count ? `${count} operations (${names}); pass operationName to choose one` : 'no query, mutation or subscription to run'}.`,
    );
  }
  return chosen;
}

/**
 * The operation that `document` runs, honouring `operationName`. Throws {@link PlatformConfigError}
 * when the document is not a document, holds no operation, or the choice is missing or unknown. An AST
 * without source text is printed with `print` (default: the printer {@link documentReady} loaded).
 */
export function prepareOperation(
  document: unknown,
  operationName?: string,
  print: DocumentPrinter | undefined = loadedPrinter,
): PreparedOperation {
  let operations = typeof document === 'string' ? analyseString(document) : byObject.get(document as object);
  if (!operations) {
    operations = analyseObject(document, print);
    byObject.set(document as object, operations);
  }
  return select(operations, operationName);
}
