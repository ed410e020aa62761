/**
 * What "modelled" means, in one place.
 *
 * The emulator serves the whole published schema but models only part of it. A field of an object type is
 * MODELLED when either
 *   1. the resolver map gives it a resolver (resolvers/*.ts), or
 *   2. the value its parent resolved to (a store record or a view) holds an own property of the same name whose
 *      value is not `undefined` (`null` counts: the record says "no value").
 * Any other field, when executed, fails with a GraphQL error `extensions.code: "NOT_MODELLED"` naming it
 * (`Board.activity_logs is not modelled by the emulator`); GraphQL then nulls it (or its nearest nullable parent)
 * and still answers the rest of the query. The emulator never invents a value for a field it does not model.
 */
import type { GraphQLFieldResolver } from 'graphql';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';

/** The NOT_MODELLED error of `typeName.fieldName`. */
export function notModelledError(typeName: string, fieldName: string) {
  return engineError(ENGINE_ERROR_CODES.notModelled, `${typeName}.${fieldName} is not modelled by the emulator`, {
    type_name: typeName,
    field_name: fieldName,
  });
}

/** The value `source` holds for `fieldName` (rule 2 above), or `undefined` when it holds none. */
export function heldValue(source: unknown, fieldName: string): unknown {
  if (typeof source !== 'object' || source === null || !Object.hasOwn(source, fieldName)) return undefined;
  return (source as Record<string, unknown>)[fieldName];
}

/** The resolver of a field that has no resolver of its own: the parent's property, or NOT_MODELLED. */
export const recordFieldOrNotModelled: GraphQLFieldResolver<unknown, unknown> = (source, _args, _context, info) => {
  const value = heldValue(source, info.fieldName);
  if (value === undefined) throw notModelledError(info.parentType.name, info.fieldName);
  return value;
};
