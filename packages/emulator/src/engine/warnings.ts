/**
 * Warnings in a response's `extensions.warnings`, in the platform's shape (changelog "Warning messages now included
 * in API responses", https://developer.monday.com/api-reference/changelog/warning-messages-now-included-in-api-responses):
 * `{ message, locations, path, extensions: { code, typeName, fieldName } }`.
 *
 * Rule map:
 * - A field the schema marks deprecated, when selected: code `deprecatedField` (the platform's code).
 * - A deprecated argument or input field, when given: code `deprecatedArgument`; a deprecated enum value, when
 *   written in the query: code `deprecatedEnumValue` (our codes, same shape).
 * - Each element warns once per location. Pinned by packages/emulator/test/engine/warnings.test.ts
 *   (and over a socket, a deprecated field: packages/emulator/test/server-versions.test.ts).
 */
import {
  type ASTNode,
  type DocumentNode,
  type GraphQLSchema,
  getNamedType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { ResponseWarning } from '../contract.js';

/** One warning of a response's `extensions.warnings`. */
export type EngineWarning = ResponseWarning;

/** Wire codes of the warnings the emulator sends. */
export const WARNING_CODES = {
  deprecatedField: 'deprecatedField',
  deprecatedArgument: 'deprecatedArgument',
  deprecatedEnumValue: 'deprecatedEnumValue',
  deprecatedVersion: 'deprecatedVersion',
  unsupportedVersion: 'unsupportedVersion',
} as const;

function locationOf(node: ASTNode): { line: number; column: number }[] | undefined {
  const start = node.loc?.startToken;
  return start ? [{ line: start.line, column: start.column }] : undefined;
}

/** Warnings for every deprecated field, argument or enum value `document` uses against `schema`. */
export function deprecationWarnings(schema: GraphQLSchema, document: DocumentNode): EngineWarning[] {
  const typeInfo = new TypeInfo(schema);
  const warnings: EngineWarning[] = [];
  const seen = new Set<string>();
  const path: string[] = [];
  const add = (node: ASTNode, key: string, warning: Omit<EngineWarning, 'locations' | 'path'>) => {
    const locations = locationOf(node);
    const id = `${key}@${locations?.[0]?.line}:${locations?.[0]?.column}`;
    if (seen.has(id)) return;
    seen.add(id);
    warnings.push({ ...warning, ...(locations ? { locations } : {}), path: [...path] });
  };
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition: { enter: (node) => void path.push(node.operation), leave: () => void path.pop() },
      FragmentDefinition: { enter: (node) => void path.push(node.name.value), leave: () => void path.pop() },
      Field: {
        enter(node) {
          path.push(node.alias?.value ?? node.name.value);
          const field = typeInfo.getFieldDef();
          const parent = typeInfo.getParentType();
          if (field?.deprecationReason != null && parent) {
            add(node, `${parent.name}.${field.name}`, {
              message: `${parent.name}.${field.name} is deprecated: ${field.deprecationReason}`,
              extensions: { code: WARNING_CODES.deprecatedField, typeName: parent.name, fieldName: field.name },
            });
          }
        },
        leave: () => void path.pop(),
      },
      Argument(node) {
        const argument = typeInfo.getArgument();
        const field = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (argument?.deprecationReason == null || !field || !parent) return;
        add(node, `${parent.name}.${field.name}(${argument.name}:)`, {
          message: `Argument ${argument.name} of ${parent.name}.${field.name} is deprecated: ${argument.deprecationReason}`,
          extensions: {
            code: WARNING_CODES.deprecatedArgument,
            typeName: parent.name,
            fieldName: field.name,
            argumentName: argument.name,
          },
        });
      },
      ObjectField(node) {
        const input = getNamedType(typeInfo.getParentInputType());
        const inputField = typeInfo.getInputType() && input && 'getFields' in input ? input.getFields() : undefined;
        const def = inputField?.[node.name.value] as { deprecationReason?: string | null } | undefined;
        if (def?.deprecationReason == null || !input) return;
        add(node, `${input.name}.${node.name.value}`, {
          message: `Input field ${input.name}.${node.name.value} is deprecated: ${def.deprecationReason}`,
          extensions: { code: WARNING_CODES.deprecatedArgument, typeName: input.name, fieldName: node.name.value },
        });
      },
      EnumValue(node) {
        const value = typeInfo.getEnumValue();
        const type = getNamedType(typeInfo.getInputType());
        if (value?.deprecationReason == null || !type) return;
        add(node, `${type.name}.${value.name}`, {
          message: `Enum value ${type.name}.${value.name} is deprecated: ${value.deprecationReason}`,
          extensions: { code: WARNING_CODES.deprecatedEnumValue, typeName: type.name, fieldName: value.name },
        });
      },
    }),
  );
  return warnings;
}

/** `warnings` as a response's `extensions`, or nothing when there are none. */
export function warningExtensions(warnings: readonly EngineWarning[]): { extensions?: { warnings: EngineWarning[] } } {
  return warnings.length > 0 ? { extensions: { warnings: [...warnings] } } : {};
}
