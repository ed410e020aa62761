/**
 * The last step of generation, as pure text functions over what the graphql-codegen plugins print:
 * identical members of a union type collapse into one (an interface selection prints one member per
 * implementation, ~40 for `column_values`), and every operation's document, result and variables get
 * TSDoc carrying the comment of its `.graphql` file and the API version it was generated for.
 */

/** One operation of the generated file and the comment above it in its `.graphql` file. */
export interface OperationComment {
  name: string;
  comment: string;
}

/** What the finishing step needs to know beyond the printed text. */
export interface FinishOptions {
  /** The API version whose schema the types come from. */
  apiVersion: string;
  /** The comments above the operations, by operation name. */
  operations: readonly OperationComment[];
}

const UNION_MEMBER = /^(\s*)\| (.*)$/;

/** True when `text` opens and closes the same number of each bracket kind. */
function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '{' || char === '(' || char === '[' || char === '<') depth += 1;
    else if (char === '}' || char === ')' || char === ']' || char === '>') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/**
 * Removes repeated members of every union printed one member a line (`| { ... }`); a union left with a
 * single member inside `Array<...>` is printed inline. Members that span lines are left as they are.
 */
export function dedupeUnions(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const first = UNION_MEMBER.exec(lines[index] ?? '');
    if (!first) {
      out.push(lines[index] ?? '');
      index += 1;
      continue;
    }
    const indent = first[1] ?? '';
    const members: string[] = [];
    let end = index;
    for (; end < lines.length; end += 1) {
      const match = UNION_MEMBER.exec(lines[end] ?? '');
      if (!match || match[1] !== indent) break;
      members.push(match[2] ?? '');
    }
    const unique = [...new Set(members)];
    if (unique.length === members.length || !members.every(balanced)) {
      out.push(...lines.slice(index, end));
    } else {
      const previous = out.at(-1) ?? '';
      const closing = lines[end] ?? '';
      if (unique.length === 1 && previous.endsWith('<') && /^\s*>/.test(closing)) {
        out[out.length - 1] = `${previous}${unique[0]}${closing.trimStart()}`;
        end += 1;
      } else {
        out.push(...unique.map((member) => `${indent}| ${member}`));
      }
    }
    index = end;
  }
  return out.join('\n');
}

/** `text` made safe inside a `/** ... *\/` block, one ` * ` line per line. */
function docLines(text: string): string[] {
  return text
    .replaceAll('*/', '*\\/')
    .split('\n')
    .map((line) => (line ? ` * ${line}` : ' *'));
}

function docBlock(...paragraphs: string[]): string {
  const lines = paragraphs
    .filter(Boolean)
    .flatMap((paragraph, i) => (i === 0 ? docLines(paragraph) : [' *', ...docLines(paragraph)]));
  return `/**\n${lines.join('\n')}\n */\n`;
}

const DOCUMENT =
  /^export const (\w+) = (?:\/\*#__PURE__\*\/ )?new TypedDocumentString\("(?:\\n|\s)*(query|mutation|subscription)\s+(\w+)[\s\S]*?as unknown as TypedDocumentString<(\w+), (\w+)>;$/gm;

/** The name an `export const|type|class` line declares, and its kind. */
const DECLARATION = /^export (const|type|class) (\w+)/;

/**
 * Adds TSDoc to every operation's document, result and variables types, to fragments, to the schema types the
 * operations use, and to the document class. One pass over the lines (a declaration already under a TSDoc block
 * keeps it): the time grows with the file, not with the file times the operations (pinned by
 * `packages/codegen/test/safety.test.ts`, "2,000 operations").
 */
export function documentOperations(text: string, options: FinishOptions): string {
  const comments = new Map(options.operations.map((operation) => [operation.name, operation.comment]));
  // The TSDoc of each operation's declarations, by the `export const X = ` / `export type X = ` they start with.
  const operationDocs = new Map<string, string>();
  for (const match of text.matchAll(DOCUMENT)) {
    const [, constant, kind, name, resultType, variablesType] = match as unknown as string[];
    const comment = comments.get(name as string) ?? '';
    const what = `the \`${name}\` ${kind}`;
    const add = (start: string, doc: string) => {
      if (!operationDocs.has(start)) operationDocs.set(start, doc);
    };
    add(
      `export const ${constant} = `,
      docBlock(
        comment,
        `The document of ${what}, for \`client.request\`. Generated from the schema of API version ${options.apiVersion}, which the client sends as \`API-Version\` with it.`,
      ),
    );
    add(`export type ${resultType} = `, docBlock(`What ${what} returns ({@link ${constant}}).`, comment));
    add(`export type ${variablesType} = `, docBlock(`The variables of ${what} ({@link ${constant}}).`));
  }
  const lines = text.split('\n');
  const out: string[] = [];
  let documented = false; // the last non-blank line written closes a TSDoc block
  for (const line of lines) {
    const declared = DECLARATION.exec(line);
    if (declared) {
      const [, kind, name = ''] = declared;
      const before = documented ? [] : [docFor(line, kind as string, name, operationDocs, options)];
      const fragment = kind === 'type' && /Fragment$/.test(name) && line.startsWith(`export type ${name} = `);
      if (fragment) before.push(docBlock(`The fields the \`${name.slice(0, -'Fragment'.length)}\` fragment selects.`));
      for (const doc of before) if (doc) out.push(doc.slice(0, -1));
    }
    out.push(line);
    if (line.trim() !== '') documented = line.trimEnd().endsWith('*/');
  }
  return out.join('\n');
}

/** The TSDoc for an undocumented declaration line: an operation's, the document class's, or a schema type's. */
function docFor(
  line: string,
  kind: string,
  name: string,
  operationDocs: ReadonlyMap<string, string>,
  options: FinishOptions,
): string | undefined {
  const start = `export ${kind} ${name} = `;
  if (line.startsWith(start)) {
    const doc = operationDocs.get(start);
    if (doc) return doc;
  }
  if (kind === 'class' && name === 'TypedDocumentString' && line.startsWith('export class TypedDocumentString<'))
    return docBlock(
      'A GraphQL document as a string, typed with its result and variables. Pass it to `client.request`.',
    );
  // The schema's own types the operations use (enums, inputs): their descriptions are not carried over.
  if (kind === 'type' && line.startsWith(`export type ${name} =`) && !/Fragment$/.test(name))
    return docBlock(`\`${name}\`, as the schema of API version ${options.apiVersion} defines it.`);
  return undefined;
}

/** The finished text of a generated file. */
export function finishGeneratedFile(text: string, options: FinishOptions): string {
  return documentOperations(dedupeUnions(text), options);
}
