/**
 * Runtime behaviour of the custom scalars.
 * - JSON: output values are sent JSON-encoded as strings, like the platform does (`"{\"index\":1}"`); inputs
 *   are passed to resolvers as given (JSON text or a literal/variable object), and resolvers decode them with
 *   clear errors.
 * - File: only a variable holding an {@link EmulatorUpload} (placed there from a multipart request) is accepted.
 * - Date / ISO8601DateTime: ISO 8601 strings, passed through.
 * - CompareValue (any JSON value used in item filters) and the other custom scalars keep graphql-js's default
 *   behaviour: values pass through unchanged, literals become plain JS values.
 */
import { GraphQLError, type GraphQLScalarType, type GraphQLSchema, valueFromASTUntyped } from 'graphql';
import type { EmulatorUpload } from '../../contract.js';

/** True when `value` looks like an {@link EmulatorUpload}. */
export function isUpload(value: unknown): value is EmulatorUpload {
  const upload = value as Partial<EmulatorUpload> | null;
  return (
    typeof upload === 'object' &&
    upload !== null &&
    typeof upload.filename === 'string' &&
    typeof upload.contentType === 'string' &&
    upload.bytes instanceof Uint8Array
  );
}

const fileOnlyAsUpload = 'File values must be sent as files of a multipart request, mapped to a variable.';

/** Gives the schema's JSON and File scalars their behaviour (mutates the built schema once). */
export function installScalars(schema: GraphQLSchema): void {
  const json = schema.getType('JSON') as GraphQLScalarType;
  Object.assign(json, {
    serialize: (value: unknown) => JSON.stringify(value),
    parseValue: (value: unknown) => value,
    parseLiteral: valueFromASTUntyped,
  });
  const file = schema.getType('File') as GraphQLScalarType;
  Object.assign(file, {
    serialize: () => {
      throw new GraphQLError('File is an input-only scalar.');
    },
    parseValue: (value: unknown) => {
      if (isUpload(value)) return value;
      throw new GraphQLError(fileOnlyAsUpload);
    },
    parseLiteral: () => {
      throw new GraphQLError(fileOnlyAsUpload);
    },
  });
}
