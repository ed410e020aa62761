/**
 * Turns one request into a PreparedOperation: parse → validate → pick the operation → place uploads →
 * coerce variables → cost. Every GraphQL-level failure becomes `{ ok: false, body: { errors } }`; nothing throws.
 */
import {
  type DocumentNode,
  execute,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  parse,
  validate,
} from 'graphql';
import type { EngineRequest, PreparedOperation } from '../contract.js';
import { introspectionCap, operationCosts } from './complexity.js';
import type { EngineContext } from './context.js';
import { ENGINE_ERROR_CODES, type EngineErrorCode, formatEngineError } from './errors.js';
import { MAX_REPEATED_FIELD, overRepeatedField } from './repetition.js';
import type { SchemaCache } from './schema/build.js';
import type { EmulatorStore } from './store/store.js';
import { applyUploads } from './uploads.js';
import { isEngineVersion } from './versions.js';
import { deprecationWarnings, type EngineWarning, warningExtensions } from './warnings.js';

function failure(
  errors: readonly GraphQLError[],
  code: EngineErrorCode,
  warnings: readonly EngineWarning[] = [],
): PreparedOperation {
  return {
    ok: false,
    body: { errors: errors.map((error) => formatEngineError(error, code)), ...warningExtensions(warnings) },
  };
}

/**
 * Most lexical tokens a query may have. Parsing, validating and costing are each one pass over the document, all
 * before any budget applies: the cap keeps that work (and the event loop it holds) small whatever a request sends.
 * The full introspection query has about 300 tokens; an operation near this cap is already unusually large.
 */
export const MAX_QUERY_TOKENS = 10_000;

function parseQuery(query: unknown): DocumentNode | GraphQLError {
  if (typeof query !== 'string' || query.trim() === '')
    return new GraphQLError('The request must carry a non-empty "query" string.');
  try {
    return parse(query, { maxTokens: MAX_QUERY_TOKENS });
  } catch (error) {
    if (error instanceof GraphQLError) return error;
    // graphql's parser descends recursively: brackets nested a few thousand deep exhaust the stack.
    if (error instanceof RangeError) return new GraphQLError('Syntax Error: the query is nested too deeply to parse.');
    return new GraphQLError('Syntax Error: the query could not be parsed.');
  }
}

function pickOperation(
  document: DocumentNode,
  name: string | null | undefined,
): OperationDefinitionNode | GraphQLError {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (name) {
    const named = operations.find((operation) => operation.name?.value === name);
    return named ?? new GraphQLError(`Unknown operation named "${name}".`);
  }
  if (operations.length > 1)
    return new GraphQLError('Must provide operationName when the query contains several operations.');
  return operations[0] ?? new GraphQLError('The query contains no operation.');
}

/** Prepares `request` against the schemas in `schemas` and the data in `store`. */
export function prepareOperation(
  schemas: SchemaCache,
  store: EmulatorStore,
  request: EngineRequest,
  cursorTtlMs?: number,
): PreparedOperation {
  if (!isEngineVersion(request.version)) {
    return failure(
      [new GraphQLError(`API version "${request.version}" is not supported.`)],
      ENGINE_ERROR_CODES.unsupportedVersion,
    );
  }
  const version = request.version;
  const given = request.warnings ?? [];
  const document = parseQuery(request.query);
  if (document instanceof GraphQLError) return failure([document], ENGINE_ERROR_CODES.parseFailed, given);
  const schema: GraphQLSchema = schemas.get(version);
  const repeated = overRepeatedField(document);
  if (repeated) {
    const message = `The field "${repeated.responseName.slice(0, 100)}" is selected ${repeated.count} times in one selection set; at most ${MAX_REPEATED_FIELD} are accepted.`;
    return failure([new GraphQLError(message)], ENGINE_ERROR_CODES.validationFailed, given);
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return failure(invalid, ENGINE_ERROR_CODES.validationFailed, given);
  const operation = pickOperation(document, request.operationName);
  if (operation instanceof GraphQLError) return failure([operation], ENGINE_ERROR_CODES.operationResolution, given);

  let variables: Record<string, unknown>;
  try {
    variables = applyUploads(request.variables ?? {}, request.files);
  } catch (error) {
    const reason =
      error instanceof GraphQLError ? error : new GraphQLError('The uploads could not be placed in the variables.');
    return failure([reason], ENGINE_ERROR_CODES.badUserInput, given);
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) return failure(coerced.errors, ENGINE_ERROR_CODES.badUserInput, given);

  const fragments = document.definitions.filter(
    (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
  );
  const { api: complexity, introspection } = operationCosts(schema, operation, fragments, coerced.coerced);
  if (introspection > introspectionCap(schema)) {
    const message =
      'This request selects more introspection than two full introspection queries would: ask for the schema once, or use GET /v2/get_schema.';
    return failure([new GraphQLError(message)], ENGINE_ERROR_CODES.validationFailed, given);
  }
  const single = { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] } as const;
  const warnings = [...given, ...deprecationWarnings(schema, single)];
  return {
    ok: true,
    kind: operation.operation,
    complexity,
    async execute(snapshot) {
      // Bulk work due by now is done first, so every operation sees the board as the jobs have left it.
      await store.bulkJobs.catchUp();
      const contextValue: EngineContext = {
        grant: request.grant,
        accountId: String(request.grant.accountId),
        store,
        version,
        complexity: snapshot,
        ...(cursorTtlMs !== undefined ? { cursorTtlMs } : {}),
        ...(request.origin !== undefined ? { origin: request.origin } : {}),
      };
      const result = await execute({ schema, document: single, variableValues: variables, contextValue });
      const data = (result.data ?? null) as Record<string, unknown> | null;
      return {
        data,
        ...(result.errors
          ? { errors: result.errors.map((e) => formatEngineError(e, ENGINE_ERROR_CODES.internal)) }
          : {}),
        ...warningExtensions(warnings),
        ...(data ? { account_id: request.grant.accountId } : {}),
      };
    },
  };
}
