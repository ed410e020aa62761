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
import { operationCost } from './complexity.js';
import type { EngineContext } from './context.js';
import { ENGINE_ERROR_CODES, type EngineErrorCode, formatEngineError } from './errors.js';
import type { SchemaCache } from './schema/build.js';
import type { EmulatorStore } from './store/store.js';
import { applyUploads } from './uploads.js';
import { isEngineVersion } from './versions.js';

function failure(errors: readonly GraphQLError[], code: EngineErrorCode): PreparedOperation {
  return { ok: false, body: { errors: errors.map((error) => formatEngineError(error, code)) } };
}

function parseQuery(query: unknown): DocumentNode | GraphQLError {
  if (typeof query !== 'string' || query.trim() === '')
    return new GraphQLError('The request must carry a non-empty "query" string.');
  try {
    return parse(query);
  } catch (error) {
    return error instanceof GraphQLError ? error : new GraphQLError(String(error));
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
  const document = parseQuery(request.query);
  if (document instanceof GraphQLError) return failure([document], ENGINE_ERROR_CODES.parseFailed);
  const schema: GraphQLSchema = schemas.get(version);
  const invalid = validate(schema, document);
  if (invalid.length > 0) return failure(invalid, ENGINE_ERROR_CODES.validationFailed);
  const operation = pickOperation(document, request.operationName);
  if (operation instanceof GraphQLError) return failure([operation], ENGINE_ERROR_CODES.operationResolution);

  let variables: Record<string, unknown>;
  try {
    variables = applyUploads(request.variables ?? {}, request.files);
  } catch (error) {
    return failure([error as GraphQLError], ENGINE_ERROR_CODES.badUserInput);
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) return failure(coerced.errors, ENGINE_ERROR_CODES.badUserInput);

  const fragments = document.definitions.filter(
    (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
  );
  const complexity = operationCost(schema, operation, fragments, coerced.coerced);
  return {
    ok: true,
    kind: operation.operation,
    complexity,
    async execute(snapshot) {
      const contextValue: EngineContext = {
        grant: request.grant,
        accountId: String(request.grant.accountId),
        store,
        version,
        complexity: snapshot,
        ...(cursorTtlMs !== undefined ? { cursorTtlMs } : {}),
      };
      const single = { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] } as const;
      const result = await execute({ schema, document: single, variableValues: variables, contextValue });
      const data = (result.data ?? null) as Record<string, unknown> | null;
      return {
        data,
        ...(result.errors
          ? { errors: result.errors.map((e) => formatEngineError(e, ENGINE_ERROR_CODES.internal)) }
          : {}),
        ...(data ? { account_id: request.grant.accountId } : {}),
      };
    },
  };
}
