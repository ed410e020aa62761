/**
 * Prints an executable GraphQL AST (operations and fragments) to compact, valid GraphQL text. Used only
 * for AST documents that carry no source text (`loc.source.body`), such as codegen's `documentNode`
 * output; keeps the client free of the `graphql` package on every runtime and in every bundle.
 */
import { PlatformConfigError } from './errors.js';

/** The AST fields the printer reads (a structural subset of graphql-js's nodes). */
export interface AstNode {
  readonly kind: string;
  readonly name?: AstNode;
  readonly alias?: AstNode;
  readonly value?: unknown;
  readonly operation?: string;
  readonly variable?: AstNode;
  readonly type?: AstNode;
  readonly typeCondition?: AstNode;
  readonly defaultValue?: AstNode;
  readonly selectionSet?: AstNode;
  readonly definitions?: readonly AstNode[];
  readonly variableDefinitions?: readonly AstNode[];
  readonly directives?: readonly AstNode[];
  readonly arguments?: readonly AstNode[];
  readonly selections?: readonly AstNode[];
  readonly values?: readonly AstNode[];
  readonly fields?: readonly AstNode[];
}

const one = (node: AstNode | undefined): string => (node ? print(node) : '');
const all = (nodes: readonly AstNode[] | undefined, separator = ' '): string =>
  (nodes ?? []).map(print).join(separator);
const around = (before: string, text: string, after = ''): string => (text ? before + text + after : '');
const words = (...parts: string[]): string => parts.filter(Boolean).join(' ');
const args = (node: AstNode): string => around('(', all(node.arguments, ', '), ')');
const variables = (node: AstNode): string => around('(', all(node.variableDefinitions, ', '), ')');
const value = (node: AstNode): string => String(node.value);

const printers: Record<string, (node: AstNode) => string> = {
  Document: (node) => all(node.definitions, '\n'),
  OperationDefinition: (node) =>
    words(node.operation + around(' ', one(node.name)) + variables(node), all(node.directives), one(node.selectionSet)),
  VariableDefinition: (node) =>
    words(`${one(node.variable)}: ${one(node.type)}${around(' = ', one(node.defaultValue))}`, all(node.directives)),
  Variable: (node) => `$${one(node.name)}`,
  SelectionSet: (node) => `{ ${all(node.selections)} }`,
  Field: (node) =>
    words(
      around('', one(node.alias), ': ') + one(node.name) + args(node),
      all(node.directives),
      one(node.selectionSet),
    ),
  Argument: (node) => `${one(node.name)}: ${one(node.value as AstNode)}`,
  ObjectField: (node) => `${one(node.name)}: ${one(node.value as AstNode)}`,
  FragmentSpread: (node) => words(`...${one(node.name)}`, all(node.directives)),
  InlineFragment: (node) =>
    words('...', around('on ', one(node.typeCondition)), all(node.directives), one(node.selectionSet)),
  FragmentDefinition: (node) =>
    words(
      `fragment ${one(node.name)}${variables(node)} on ${one(node.typeCondition)}`,
      all(node.directives),
      one(node.selectionSet),
    ),
  Name: value,
  IntValue: value,
  FloatValue: value,
  EnumValue: value,
  BooleanValue: value,
  StringValue: (node) => JSON.stringify(node.value),
  NullValue: () => 'null',
  ListValue: (node) => `[${all(node.values, ', ')}]`,
  ObjectValue: (node) => `{${all(node.fields, ', ')}}`,
  Directive: (node) => `@${one(node.name)}${args(node)}`,
  NamedType: (node) => one(node.name),
  ListType: (node) => `[${one(node.type)}]`,
  NonNullType: (node) => `${one(node.type)}!`,
};

/** GraphQL text for an executable AST node. Throws {@link PlatformConfigError} for anything else. */
export function print(node: AstNode): string {
  const printer = printers[node.kind];
  if (!printer)
    throw new PlatformConfigError(
      `Cannot send a DocumentNode holding a '${node.kind}' node: only operations and fragments.`,
    );
  return printer(node);
}
