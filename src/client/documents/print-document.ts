/**
 * Prints an executable GraphQL AST (operations and fragments) to compact, valid GraphQL text. Used only
 * for AST documents that carry no source text (`loc.source.body`), such as codegen's `documentNode`
 * output; keeps the client free of the `graphql` package on every runtime and in every bundle. One
 * switch over the node kinds, so it stays small in every bundle that carries `client.request`.
 */
import { PlatformConfigError } from '../errors/errors.js';

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

/** `before` + the printed nodes joined by `separator` + `after`; '' for none. */
function list(nodes: readonly AstNode[] | undefined, separator = ', ', before = '', after = ''): string {
  return nodes?.length ? before + nodes.map(print).join(separator) + after : '';
}

/** `before` + the printed node; '' for none. */
function one(node: AstNode | undefined, before = ''): string {
  return node ? before + print(node) : '';
}

/** GraphQL text for an executable AST node. Throws {@link PlatformConfigError} for anything else. */
export function print(node: AstNode): string {
  const name = one(node.name);
  // The tail most definitions and selections share: their directives, then their selection set.
  const tail = list(node.directives, ' ', ' ') + one(node.selectionSet, ' ');
  switch (node.kind) {
    case 'Document':
      return list(node.definitions, '\n');
    case 'OperationDefinition':
      return node.operation + one(node.name, ' ') + list(node.variableDefinitions, ', ', '(', ')') + tail;
    case 'FragmentDefinition':
      return `fragment ${name}${list(node.variableDefinitions, ', ', '(', ')')} on ${one(node.typeCondition)}${tail}`;
    case 'VariableDefinition':
      return `${one(node.variable)}: ${one(node.type)}${one(node.defaultValue, ' = ')}${tail}`;
    case 'Variable':
      return `$${name}`;
    case 'SelectionSet':
      return `{ ${list(node.selections, ' ')} }`;
    case 'Field':
      return one(node.alias) + (node.alias ? ': ' : '') + name + list(node.arguments, ', ', '(', ')') + tail;
    case 'Argument':
    case 'ObjectField':
      return `${name}: ${one(node.value as AstNode)}`;
    case 'FragmentSpread':
      return `...${name}${tail}`;
    case 'InlineFragment':
      return `...${one(node.typeCondition, ' on ')}${tail}`;
    case 'Name':
    case 'IntValue':
    case 'FloatValue':
    case 'EnumValue':
    case 'BooleanValue':
      return String(node.value);
    case 'StringValue':
      return JSON.stringify(node.value);
    case 'NullValue':
      return 'null';
    case 'ListValue':
      return `[${list(node.values)}]`;
    case 'ObjectValue':
      return `{${list(node.fields)}}`;
    case 'Directive':
      return `@${name}${list(node.arguments, ', ', '(', ')')}`;
    case 'NamedType':
      return name;
    case 'ListType':
      return `[${one(node.type)}]`;
    case 'NonNullType':
      return `${one(node.type)}!`;
  }
  throw new PlatformConfigError(
    `Cannot send a DocumentNode holding a '${node.kind}' node: only operations and fragments.`,
  );
}
