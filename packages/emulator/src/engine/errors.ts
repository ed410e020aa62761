/** The `extensions.code` values the engine puts on GraphQL errors, and helpers to raise them. */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';

/** Every `extensions.code` the engine emits. */
export const ENGINE_ERROR_CODES = {
  /** The query text is not valid GraphQL syntax. */
  parseFailed: 'GRAPHQL_PARSE_FAILED',
  /** The document does not validate against the version's schema. */
  validationFailed: 'GRAPHQL_VALIDATION_FAILED',
  /** operationName names no operation, or is missing while the document holds several. */
  operationResolution: 'OPERATION_RESOLUTION_FAILURE',
  /** The request names an API version the engine does not serve (the server normally rejects it first). */
  unsupportedVersion: 'UNSUPPORTED_API_VERSION',
  /** Variables do not match their declared types, or a multipart file path is unusable. */
  badUserInput: 'BAD_USER_INPUT',
  /** The token lacks the scope a field needs. */
  unauthorized: 'USER_UNAUTHORIZED',
  /** A board, item, group, column or cursor target does not exist in the caller's account. */
  notFound: 'RESOURCE_NOT_FOUND',
  /** An argument is out of range (e.g. a page limit above 500). */
  invalidArgument: 'INVALID_ARGUMENT',
  /** A cursor is malformed. */
  invalidCursor: 'INVALID_CURSOR',
  /** A cursor is older than the cursor lifetime (60 minutes by default). */
  cursorExpired: 'CURSOR_EXPIRED',
  /** column_values / value is not valid JSON or does not fit the column. */
  invalidColumnValue: 'INVALID_COLUMN_VALUE',
  /** The field is part of the served schema but the emulator does not model it (see schema/modelled.ts). */
  notModelled: 'NOT_MODELLED',
  /** An unexpected failure inside a resolver. */
  internal: 'INTERNAL_SERVER_ERROR',
} as const;

/** One of the {@link ENGINE_ERROR_CODES}. */
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[keyof typeof ENGINE_ERROR_CODES];

/** A GraphQL error carrying `extensions.code` (resolvers throw it; graphql-js adds path and locations). */
export function engineError(code: EngineErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** An `INVALID_ARGUMENT` error: the request asked for something the platform refuses as given. */
export function invalidArgument(message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return engineError(ENGINE_ERROR_CODES.invalidArgument, message, extra);
}

/** `error` as it goes on the wire, with an `extensions.code` (`fallback` when it has none). */
export function formatEngineError(error: GraphQLError, fallback: EngineErrorCode): GraphQLFormattedError {
  const formatted = error.toJSON();
  const code = formatted.extensions?.code;
  return { ...formatted, extensions: { ...formatted.extensions, code: typeof code === 'string' ? code : fallback } };
}
