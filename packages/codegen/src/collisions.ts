/**
 * Names that would be declared twice in the generated file, reported as `file:line:column` problems before anything
 * is written: an operation `Items` generates `ItemsQuery`, which may also be a schema type the operations use (the
 * `items_page` input); operations `foo` and `Foo` both generate `FooQuery`. A file declaring a name twice does not
 * compile. Pinned by `packages/codegen/test/safety.test.ts` ("names that would collide").
 */
import { type DefinitionNode, getLocation, Kind } from 'graphql';
import type { CodegenDocumentFile } from './plugin-interface.js';

/** Problems in the documents that stop generation; each is `file:line:column: message`. */
export class CodegenProblemsError extends Error {
  override name = 'CodegenProblemsError' as const;
  /** Each problem as `file:line:column: message`. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`${problems.length} problem(s) in the documents:\n${problems.join('\n')}`);
    this.problems = problems;
  }
}

const DECLARED = /^(?:export )?(?:const|type|class|interface|enum|function) (\w+)/gm;
const OPERATION =
  /^export const (\w+) = (?:\/\*#__PURE__\*\/ )?new TypedDocumentString\("(?:\\n|\s)*(query|mutation|subscription|fragment)\s+(\w+)[^\n]*?(?:TypedDocumentString<(\w+), (\w+)>;)?$/gm;

type NamedDefinition = DefinitionNode & { name?: { value: string } };

function where(definition: DefinitionNode): string {
  const loc = definition.loc;
  if (!loc) return '(unknown file):1:1';
  const { line, column } = getLocation(loc.source, loc.start);
  return `${loc.source.name}:${line}:${column}`;
}

function describe(definition: NamedDefinition): string {
  const kind = definition.kind === Kind.FRAGMENT_DEFINITION ? 'fragment' : 'operation';
  return `${kind} \`${definition.name?.value}\``;
}

/** The problems (empty when none) of names `text` would declare more than once. */
export function collisionProblems(text: string, documents: readonly CodegenDocumentFile[]): string[] {
  const counts = new Map<string, number>();
  for (const [, name] of text.matchAll(DECLARED)) counts.set(name as string, (counts.get(name as string) ?? 0) + 1);
  const twice = new Set([...counts].filter(([, count]) => count > 1).map(([name]) => name));
  if (twice.size === 0) return [];
  // Which identifiers each operation or fragment generates, by its name as written.
  const generated = new Map<string, string[]>();
  for (const [, constant = '', kind, name = '', result, variables] of text.matchAll(OPERATION)) {
    const ids = kind === 'fragment' ? [constant, constant.replace(/Doc$/, '')] : [constant, result, variables];
    generated.set(`${kind === 'fragment' ? 'fragment' : 'operation'} ${name}`, ids.filter(Boolean) as string[]);
  }
  const owners = new Map<string, NamedDefinition[]>();
  for (const file of documents) {
    for (const definition of (file.document?.definitions ?? []) as NamedDefinition[]) {
      if (!definition.name) continue;
      const kind = definition.kind === Kind.FRAGMENT_DEFINITION ? 'fragment' : 'operation';
      for (const id of generated.get(`${kind} ${definition.name.value}`) ?? []) {
        if (!twice.has(id)) continue;
        const list = owners.get(id) ?? [];
        if (!list.includes(definition)) list.push(definition);
        owners.set(id, list);
      }
    }
  }
  // One problem per definition and cause, naming every identifier it shares.
  const found = new Map<string, { definition?: NamedDefinition; first?: NamedDefinition; ids: string[] }>();
  for (const id of twice) {
    const [first, ...others] = owners.get(id) ?? [];
    if (!first) {
      found.set(id, { ids: [id] });
      continue;
    }
    for (const [definition, earlier] of others.length === 0
      ? [[first, undefined] as const]
      : others.map((o) => [o, first] as const)) {
      const key = `${where(definition)} ${earlier ? where(earlier) : ''}`;
      const entry = found.get(key) ?? { definition, first: earlier, ids: [] };
      entry.ids.push(id);
      found.set(key, entry);
    }
  }
  return [...found.values()].map(({ definition, first, ids }) => {
    const names = ids.map((id) => `\`${id}\``).join(', ');
    if (!definition)
      return `(generated file):1:1: ${names} would be declared twice; rename the operation that generates it.`;
    const what = describe(definition);
    if (!first)
      return `${where(definition)}: ${what} generates ${names}, the name of a schema type the generated file also declares; rename the ${what.split(' ')[0]}.`;
    return `${where(definition)}: ${what} generates ${names}, as ${describe(first)} (${where(first)}) does; rename one of them.`;
  });
}
