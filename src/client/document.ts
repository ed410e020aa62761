/**
 * Turns what a caller passes to `request()` into the operation to send: the text to send and the
 * kind and name of the operation that will run. The analysis is done once per document and cached
 * (a WeakMap for objects, a bounded Map for strings); choosing the operation by name is cached too.
 * Nothing here loads the `graphql` package: strings are scanned by a small lexer, AST documents are
 * read directly and, when they carry no source text, printed by a small printer of our own. That printer
 * (print-document.ts) is loaded on demand, by {@link documentReady}, the first time such a document is
 * run: a call with a string or a generated document never loads it (`test/unit/document.test.ts`).
 */
import type { DocumentTypeDecoration, TypedDocumentNode } from '@graphql-typed-document-node/core';
import { documentMeta } from './document-meta.js';
import { type OperationInfo, type OperationKind, scanOperations } from './document-scan.js';
import { PlatformConfigError } from './errors.js';
import type { AstNode } from './print-document.js';

/**
 * A GraphQL document: a string, a codegen `TypedDocumentString` (a `String` subclass), or a
 * `TypedDocumentNode` / `DocumentNode` AST. Typed documents type the result and variables.
 */
export type DocumentInput<TResult = Record<string, unknown>, TVariables = Record<string, unknown>> =
  | string
  | TypedDocumentNode<TResult, TVariables>
  | (DocumentTypeDecoration<TResult, TVariables> & string)
  // biome-ignore lint/complexity/noBannedTypes: codegen's TypedDocumentString is a String subclass.
  | (DocumentTypeDecoration<TResult, TVariables> & String);

/** The operation a call will run, ready for the transport. */
export interface PreparedOperation {
  kind: OperationKind;
  name?: string;
  /** The full document text, sent as `query`. */
  text: string;
  /** The API version a generated document was generated for; undefined for strings and foreign documents. */
  apiVersion?: string;
}

interface DocumentAnalysis {
  text: string;
  operations: OperationInfo[];
  /** Prepared operations by requested operation name ('' when none was given). */
  selections: Map<string, PreparedOperation>;
  /** The API version the document carries, when it is a generated one. */
  apiVersion?: string;
}

/** Most distinct string documents kept; the oldest is dropped beyond this. */
export const STRING_CACHE_LIMIT = 500;

const byObject = new WeakMap<object, DocumentAnalysis>();
const byString = new Map<string, DocumentAnalysis>();

interface AstDocument {
  kind: 'Document';
  definitions: readonly { kind: string; operation?: string; name?: { value: string } }[];
  loc?: { source?: { body?: string } };
}

function isAstDocument(value: object): value is AstDocument {
  return (value as { kind?: unknown }).kind === 'Document' && Array.isArray((value as AstDocument).definitions);
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
  if (loadedPrinter || typeof document !== 'object' || document === null || byObject.has(document)) return;
  if (!isAstDocument(document) || typeof document.loc?.source?.body === 'string') return;
  return import('./print-document.js').then((printer) => {
    loadedPrinter = printer.print;
  });
}

function analyseString(text: string): DocumentAnalysis {
  const cached = byString.get(text);
  if (cached) return cached;
  const analysis: DocumentAnalysis = { text, operations: scanOperations(text), selections: new Map() };
  if (byString.size >= STRING_CACHE_LIMIT) {
    const oldest = byString.keys().next();
    if (!oldest.done) byString.delete(oldest.value);
  }
  byString.set(text, analysis);
  return analysis;
}

function analyseAst(document: AstDocument, print: DocumentPrinter | undefined): DocumentAnalysis {
  const operations: OperationInfo[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== 'OperationDefinition') continue;
    const kind = definition.operation as OperationKind;
    const name = definition.name?.value;
    operations.push(name === undefined ? { kind } : { kind, name });
  }
  const source = document.loc?.source?.body;
  // Documents without source text (e.g. codegen's documentNode mode) are printed once, here (the callers make
  // sure a printer is there: executeOperation awaits documentReady, paginate passes its own).
  const text = typeof source === 'string' ? source : (print as DocumentPrinter)(document as unknown as AstNode);
  return { text, operations, selections: new Map() };
}

function analyse(document: unknown, print: DocumentPrinter | undefined): DocumentAnalysis {
  if (typeof document === 'string') return analyseString(document);
  if (typeof document !== 'object' || document === null) throw invalidDocument();
  const cached = byObject.get(document);
  if (cached) return cached;
  let analysis: DocumentAnalysis;
  if (isAstDocument(document)) analysis = analyseAst(document, print);
  else if (document instanceof String) analysis = analyseString(String(document));
  else throw invalidDocument();
  const { apiVersion } = documentMeta(document);
  // A versioned document keeps its own selections: the same text as a plain string runs at the client's version.
  if (apiVersion) analysis = { ...analysis, selections: new Map(), apiVersion };
  byObject.set(document, analysis);
  return analysis;
}

function invalidDocument(): PlatformConfigError {
  return new PlatformConfigError('The document must be a GraphQL string, a TypedDocumentString or a DocumentNode.');
}

function select(analysis: DocumentAnalysis, operationName: string | undefined): PreparedOperation {
  const { operations } = analysis;
  const names = operations.map((operation) => operation.name ?? '(anonymous)').join(', ') || 'none';
  let chosen: OperationInfo | undefined;
  if (operationName !== undefined) {
    chosen = operations.find((operation) => operation.name === operationName);
    if (!chosen) {
      throw new PlatformConfigError(
        `operationName '${operationName}' is not an operation of the document (it holds: ${names}).`,
      );
    }
  } else if (operations.length === 1) {
    chosen = operations[0];
  } else if (operations.length === 0) {
    throw new PlatformConfigError('The document holds no query, mutation or subscription to run.');
  } else {
    throw new PlatformConfigError(
      `The document holds ${operations.length} operations (${names}); pass operationName to choose one.`,
    );
  }
  const { kind, name } = chosen as OperationInfo;
  const prepared: PreparedOperation = { kind, text: analysis.text };
  if (name !== undefined) prepared.name = name;
  if (analysis.apiVersion !== undefined) prepared.apiVersion = analysis.apiVersion;
  return prepared;
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
  const analysis = analyse(document, print);
  const key = operationName ?? '';
  const cached = analysis.selections.get(key);
  if (cached) return cached;
  const prepared = select(analysis, operationName);
  analysis.selections.set(key, prepared);
  return prepared;
}
