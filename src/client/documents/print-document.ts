/**
 * Prints an executable GraphQL AST (operations and fragments) to compact, valid GraphQL text. Used only
 * for AST documents that carry no source text (`loc.source.body`), such as codegen's `documentNode`
 * output; keeps the client free of the `graphql` package on every runtime and in every bundle. Two tables instead
 * of a function per kind, so it stays small: what each kind prints around its fields, and how each field prints
 * (GraphQL writes a node's fields in one order, whatever its kind).
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

/**
 * What each node kind with fields prints around them, `before|after`; any other kind is refused. A scalar node (a
 * name, a number, a string, an enum, a boolean) prints its `value`: no type-system node holds a text `value`.
 */
const KINDS: Record<string, string> = {
  Document: '',
  OperationDefinition: '',
  FragmentDefinition: 'fragment ',
  VariableDefinition: '',
  Variable: '$',
  SelectionSet: '{ | }',
  Field: '',
  Argument: '',
  ObjectField: '',
  FragmentSpread: '...',
  InlineFragment: '...',
  NullValue: 'null',
  ListValue: '[|]',
  ObjectValue: '{|}',
  Directive: '@',
  NamedType: '',
  ListType: '[|]',
  NonNullType: '|!',
};

/**
 * The fields, in the order GraphQL writes them, each `name|before|after|separator` (a list's parts are joined by
 * the separator); a field that is absent or an empty list prints nothing, its before and after included.
 */
const FIELDS = [
  'operation|| ',
  'alias||: ',
  'name',
  'variable||: ',
  'variableDefinitions|(|)|, ',
  'typeCondition| on ',
  'type',
  'defaultValue| = ',
  'arguments|(|)|, ',
  'value|: ',
  'directives| || ',
  'selectionSet| ',
  'selections||| ',
  'values|||, ',
  'fields|||, ',
  'definitions|||\n',
].map((field) => field.split('|'));

/** GraphQL text for an executable AST node. Throws {@link PlatformConfigError} for anything else. */
export function print(node: AstNode): string {
  const { value } = node;
  // A scalar node (a name, a number, a string, an enum, a boolean) holds its text in `value`.
  if (value !== undefined && typeof value !== 'object') {
    return node.kind === 'StringValue' ? JSON.stringify(value) : String(value);
  }
  const around = KINDS[node.kind];
  // Not an own string for an inherited name such as 'constructor' either.
  if (typeof around !== 'string') {
    throw new PlatformConfigError(
      `Cannot send a DocumentNode holding a '${node.kind}' node: only operations and fragments.`,
    );
  }
  let [text, after = ''] = around.split('|') as [string, string?];
  for (const [field, start = '', end = '', separator] of FIELDS) {
    const part = node[field as 'value'] as AstNode | readonly AstNode[] | string | undefined;
    // A string here is an operation's keyword.
    const printed = Array.isArray(part)
      ? part.map(print).join(separator)
      : typeof part === 'object'
        ? print(part as AstNode)
        : part;
    if (printed) text += start + printed + end;
  }
  return text + after;
}
