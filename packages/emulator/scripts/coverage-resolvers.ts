/**
 * What the emulator's resolvers do, read from their source with the TypeScript compiler, for the coverage table
 * (./coverage.ts). For every root field (Query and Mutation) the resolver map of src/engine/resolvers/index.ts
 * resolves, it finds:
 * - the properties of the value the resolver returns (its declared or inferred return type, awaited, with lists,
 *   `null` and `undefined` taken off): the fields of the result type that are held by the returned record, as
 *   src/engine/schema/modelled.ts reads them, always or (optional, or held by some shapes only) sometimes;
 *   `undefined` when the type says nothing (`unknown`, `any`);
 * - the arguments the resolver reads: `args.name`, destructuring, and the arguments of the functions it passes
 *   `args` to, followed through their source; `'all'` when `args` goes anywhere the reading cannot follow;
 * - the argument values it answers NOT_MODELLED for, from every `notModelledArgument('field(arg:)', why)` call.
 *
 * The reading is a static under-approximation of what is ignored: an argument is called ignored only when no path
 * through the source can read it.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The properties a resolver's returned value holds: `always` (every shape it may return holds it, not optional)
 * and `sometimes` (optional, or held by some of its shapes only); `undefined` when its type does not say.
 */
export type ReturnedProperties = { always: ReadonlySet<string>; sometimes: ReadonlySet<string> } | undefined;

/** What one resolver does, as its source says. */
export interface ResolverReading {
  /** Properties of the value it returns, or `undefined` when its type does not say. */
  returned: ReturnedProperties;
  /** The arguments it reads, or `'all'` when `args` escapes where the reading cannot follow it. */
  argumentsRead: ReadonlySet<string> | 'all';
}

/** An argument whose values the resolver answers NOT_MODELLED for, from a `notModelledArgument` call. */
export interface NotModelledArgument {
  field: string;
  arguments: readonly string[];
  why: string;
}

/** Everything the coverage table needs from the resolvers' source. */
export interface ResolverSource {
  /** By `Query.field` and `Mutation.field`; a root resolver built where the source cannot be read has none. */
  readings: ReadonlyMap<string, ResolverReading>;
  notModelledArguments: readonly NotModelledArgument[];
}

const RESOLVERS_INDEX = fileURLToPath(new URL('../src/engine/resolvers/index.ts', import.meta.url));
const ROOT_TSCONFIG = fileURLToPath(new URL('../../../tsconfig.json', import.meta.url));
/** The types whose fields the table lists. */
const ROOT_TYPES: ReadonlySet<string> = new Set(['Query', 'Mutation']);
/** How deep `args` is followed into the functions it is passed to. */
const MAX_FOLLOW_DEPTH = 6;

function compilerOptions(): ts.CompilerOptions {
  const read = ts.readConfigFile(ROOT_TSCONFIG, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(
    read.config,
    ts.sys,
    fileURLToPath(new URL('../../..', import.meta.url)),
  );
  return { ...parsed.options, noEmit: true };
}

function unwrapExpression(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current)
  )
    current = current.expression;
  return current;
}

/** The declaration `symbol` names, through imports. */
function declarationOf(checker: ts.TypeChecker, node: ts.Node): ts.Declaration | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
}

/** The object literal `node` is or names, or `undefined` when it is built some other way. */
function objectLiteralOf(checker: ts.TypeChecker, node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  const expression = unwrapExpression(node);
  if (ts.isObjectLiteralExpression(expression)) return expression;
  if (ts.isIdentifier(expression)) {
    const declaration = declarationOf(checker, expression);
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
      return objectLiteralOf(checker, declaration.initializer);
  }
  return undefined;
}

/** The object literal `node` is or names; throws when it is built some other way. */
function requiredObjectLiteral(checker: ts.TypeChecker, node: ts.Node): ts.ObjectLiteralExpression {
  const literal = ts.isExpression(node) ? objectLiteralOf(checker, node) : undefined;
  if (!literal) throw new Error(`coverage: cannot read the resolver map at ${node.getText()}`);
  return literal;
}

/** The entries of an object literal by name, spread objects included: the value expression or the method. */
function entriesOf(checker: ts.TypeChecker, literal: ts.ObjectLiteralExpression): [string, ts.Node][] {
  const entries: [string, ts.Node][] = [];
  for (const property of literal.properties) {
    if (ts.isSpreadAssignment(property)) {
      const spread = objectLiteralOf(checker, property.expression);
      if (spread) entries.push(...entriesOf(checker, spread));
      continue;
    }
    const name = property.name;
    if (!name || !(ts.isIdentifier(name) || ts.isStringLiteral(name)))
      throw new Error(`coverage: cannot read the resolver map entry ${property.getText()}`);
    if (ts.isPropertyAssignment(property)) entries.push([name.text, property.initializer]);
    else if (ts.isShorthandPropertyAssignment(property)) entries.push([name.text, property.name]);
    else if (ts.isMethodDeclaration(property)) entries.push([name.text, property]);
    else throw new Error(`coverage: cannot read the resolver map entry ${property.getText()}`);
  }
  return entries;
}

type FunctionNode = ts.FunctionLikeDeclaration;

/** The function a resolver map entry names, when its source is at hand. */
function functionOf(checker: ts.TypeChecker, node: ts.Node): FunctionNode | undefined {
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) return node;
  if (!ts.isExpression(node)) return undefined;
  const expression = unwrapExpression(node);
  if (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression)) return expression;
  if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)) {
    const declaration = declarationOf(checker, expression);
    if (!declaration) return undefined;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer)
      return functionOf(checker, declaration.initializer);
    return functionOf(checker, declaration);
  }
  return undefined;
}

const PRIMITIVE =
  ts.TypeFlags.StringLike |
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.ESSymbolLike;

function isNothing(type: ts.Type): boolean {
  return (type.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never)) !== 0;
}

/** The object types a value of `type` may be, with promises, lists, null and undefined taken off. */
function returnedShapes(checker: ts.TypeChecker, type: ts.Type, into: ts.Type[]): boolean {
  const awaited = checker.getAwaitedType(type) ?? type;
  if (awaited.isUnion()) return awaited.types.every((member) => returnedShapes(checker, member, into));
  if (isNothing(awaited)) return true;
  if (awaited.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return false;
  if (awaited.flags & PRIMITIVE) return true;
  if (checker.isArrayType(awaited) || checker.isTupleType(awaited)) {
    return checker
      .getTypeArguments(awaited as ts.TypeReference)
      .every((element) => returnedShapes(checker, element, into));
  }
  into.push(awaited);
  return true;
}

/** The properties the shapes the resolver of `node` returns hold. */
function returnedProperties(checker: ts.TypeChecker, node: ts.Node): ReturnedProperties {
  const signatures = checker.getTypeAtLocation(node).getCallSignatures();
  if (signatures.length === 0) return undefined;
  const shapes: ts.Type[] = [];
  for (const signature of signatures) {
    if (!returnedShapes(checker, checker.getReturnTypeOfSignature(signature), shapes)) return undefined;
  }
  const counts = new Map<string, number>();
  const optional = new Set<string>();
  for (const shape of shapes) {
    for (const property of checker.getPropertiesOfType(shape)) {
      // `null` is held ("no value"); a property that can only be `undefined` is not (../src/engine/schema/modelled.ts).
      if (checker.getTypeOfSymbol(property).flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never))
        continue;
      counts.set(property.name, (counts.get(property.name) ?? 0) + 1);
      if (property.flags & ts.SymbolFlags.Optional) optional.add(property.name);
    }
  }
  const always = new Set<string>();
  const sometimes = new Set<string>();
  for (const [name, count] of counts) {
    if (count === shapes.length && !optional.has(name)) always.add(name);
    else sometimes.add(name);
  }
  return { always, sometimes };
}

/** Reads of the parameter at `index` of `fn`, following it into the functions it is passed to. */
function parameterReads(
  checker: ts.TypeChecker,
  fn: FunctionNode,
  index: number,
  depth: number,
  seen: Set<ts.Node>,
): Set<string> | 'all' {
  const parameter = fn.parameters[index];
  if (!parameter) return new Set();
  if (parameter.dotDotDotToken) return 'all';
  if (ts.isObjectBindingPattern(parameter.name)) return bindingReads(parameter.name);
  if (ts.isArrayBindingPattern(parameter.name) || !fn.body) return 'all';
  const symbol = checker.getSymbolAtLocation(parameter.name);
  if (!symbol) return 'all';
  const key = parameter;
  if (seen.has(key)) return new Set();
  seen.add(key);
  const reads = new Set<string>();
  let escapes = false;
  const visit = (node: ts.Node): void => {
    if (escapes) return;
    if (ts.isIdentifier(node) && node !== parameter.name && checker.getSymbolAtLocation(node) === symbol) {
      const use = useOf(checker, node, depth, seen);
      if (use === 'all') escapes = true;
      else for (const name of use) reads.add(name);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return escapes ? 'all' : reads;
}

function bindingReads(pattern: ts.ObjectBindingPattern): Set<string> | 'all' {
  const reads = new Set<string>();
  for (const element of pattern.elements) {
    if (element.dotDotDotToken) return 'all';
    const name = element.propertyName ?? element.name;
    if (!(ts.isIdentifier(name) || ts.isStringLiteral(name))) return 'all';
    reads.add(name.text);
  }
  return reads;
}

/** What one use of the arguments object reads. */
function useOf(checker: ts.TypeChecker, use: ts.Identifier, depth: number, seen: Set<ts.Node>): Set<string> | 'all' {
  const parent = use.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === use) return new Set([parent.name.text]);
  if (ts.isElementAccessExpression(parent) && parent.expression === use) {
    const key = parent.argumentExpression;
    return ts.isStringLiteralLike(key) ? new Set([key.text]) : 'all';
  }
  if (ts.isVariableDeclaration(parent) && parent.initializer === use && ts.isObjectBindingPattern(parent.name))
    return bindingReads(parent.name);
  if (ts.isCallExpression(parent) && parent.arguments.includes(use) && depth < MAX_FOLLOW_DEPTH) {
    const callee = checker.getResolvedSignature(parent)?.declaration;
    const fn = callee && !ts.isJSDocSignature(callee) ? functionOf(checker, callee) : undefined;
    if (fn?.body) return parameterReads(checker, fn, parent.arguments.indexOf(use), depth + 1, seen);
  }
  return 'all';
}

function notModelledArguments(program: ts.Program): NotModelledArgument[] {
  const found: NotModelledArgument[] = [];
  const resolversDir = fileURLToPath(new URL('../src/engine/', import.meta.url));
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(resolversDir)) continue;
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'notModelledArgument' &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        const match = /^(\w+)\(([^)]*)\)$/.exec(node.arguments[0].text);
        const why = node.arguments[1];
        if (match?.[1] && match[2] !== undefined) {
          found.push({
            field: match[1],
            arguments: match[2]
              .split(',')
              .map((part) => part.trim().replace(/:$/, ''))
              .filter(Boolean),
            why: why && ts.isStringLiteralLike(why) ? why.text : '',
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/** Reads the resolver map's source: what each resolver returns and reads, and its NOT_MODELLED arguments. */
export function readResolverSource(): ResolverSource {
  const program = ts.createProgram([RESOLVERS_INDEX], compilerOptions());
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(RESOLVERS_INDEX);
  if (!index) throw new Error('coverage: the resolver map is missing');
  let families: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'composeResolvers' &&
      node.arguments[0]
    )
      families = requiredObjectLiteral(checker, node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(index);
  if (!families) throw new Error('coverage: the resolver map has no composeResolvers(...) call');
  const readings = new Map<string, ResolverReading>();
  for (const [, familyValue] of entriesOf(checker, families)) {
    for (const [typeName, fields] of entriesOf(checker, requiredObjectLiteral(checker, familyValue))) {
      if (!ROOT_TYPES.has(typeName)) continue;
      for (const [fieldName, entry] of entriesOf(checker, requiredObjectLiteral(checker, fields))) {
        const fn = functionOf(checker, entry);
        readings.set(`${typeName}.${fieldName}`, {
          returned: returnedProperties(checker, entry),
          argumentsRead: fn ? parameterReads(checker, fn, 1, 0, new Set()) : 'all',
        });
      }
    }
  }
  return { readings, notModelledArguments: notModelledArguments(program) };
}
