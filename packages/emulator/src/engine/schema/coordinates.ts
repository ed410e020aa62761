/** Schema coordinates (`Type.field(arg:)`), shared by the schema build and the one-off import of the published structure. */
import { Kind } from 'graphql';

/** Kinds of node that own a name in a schema coordinate. */
export const DEFINITION_KINDS: ReadonlySet<Kind> = new Set<Kind>([
  Kind.OBJECT_TYPE_DEFINITION,
  Kind.INTERFACE_TYPE_DEFINITION,
  Kind.INPUT_OBJECT_TYPE_DEFINITION,
  Kind.ENUM_TYPE_DEFINITION,
  Kind.UNION_TYPE_DEFINITION,
  Kind.SCALAR_TYPE_DEFINITION,
  Kind.FIELD_DEFINITION,
  Kind.INPUT_VALUE_DEFINITION,
  Kind.ENUM_VALUE_DEFINITION,
]);

/** Schema coordinate of a definition, field, argument or enum value, given its enclosing names. */
export function coordinate(path: readonly string[], kind: Kind): string {
  const [type, field, argument] = path;
  if (kind === Kind.INPUT_VALUE_DEFINITION && argument !== undefined) return `${type}.${field}(${argument}:)`;
  return path.join('.');
}
