/**
 * The version tools of `workspace-platform-codegen`:
 * - `--upgrade-to V`: checks the app's documents, written for `--api-version` (default: this package's), against
 *   version V's schema and lists, per file and line, what the move changes for them, in two kinds:
 *   - breaking (a client's code or call fails): a field or argument V removed, an argument V made required, an
 *     output whose type changed otherwise than below, an input that accepts less, anything V's schema refuses;
 *   - safe (no reader can notice): an output that only became non-null, at any depth (`String` to `String!`,
 *     `[User]` to `[User!]` or `[User]!`), and an input that only accepts more (`ID!` to `ID`).
 *   Exit 1 only when something breaks, so CI can gate a version move on what matters.
 * - `--print-schema <file>`: writes the SDL of `--api-version` (or of V with `--upgrade-to`) for editors and tools.
 * Schemas come from the same sources as generation (`--schema` is not taken: two versions are compared), and the
 * versions follow the same rule (./versions.ts): an unpublished one is a usage error, a retired one is read as
 * the version that answers it.
 * Pinned by packages/codegen/test/upgrade.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  type DocumentNode,
  type GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  Source,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { API_VERSION, isApiVersion } from 'workspace-platform-sdk';
import { readFlags, schemaFromSdl, writeCreatingFolder } from './command-io.js';
import { expandGlobs } from './glob.js';
import { readSchema, SchemaSourceError } from './schema-source.js';
import { VERSION_FORM_HINT } from './settings.js';
import { chooseVersion } from './versions.js';

/** Where the command runs and prints (the same as the generator's). */
export interface VersionToolContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Now, in milliseconds since the epoch, for which versions are retired. Default `Date.now`. */
  now?: () => number;
}

/** One thing an upgrade changes for a document, at a place in it. */
export interface UpgradeChange {
  /** File, relative to the working directory. */
  file: string;
  line: number;
  column: number;
  /** `breaking` when a client's code or call fails on the new version; `safe` when no reader can notice. */
  kind: 'breaking' | 'safe';
  /** What changes, e.g. `User.title changed type from String to String! in 2026-07`. */
  message: string;
}

/**
 * True when every value of `to` is a value of `from`, so code reading `from` reads `to` unchanged: the same named
 * type and list shape, with non-null only added (`String` → `String!`, `[User]` → `[User!]`, `[User]` → `[User]!`).
 */
function onlyNarrows(from: GraphQLType, to: GraphQLType): boolean {
  if (isNonNullType(to)) return onlyNarrows(isNonNullType(from) ? from.ofType : from, to.ofType);
  if (isNonNullType(from)) return false;
  if (isListType(to)) return isListType(from) && onlyNarrows(from.ofType, to.ofType);
  if (isListType(from)) return false;
  return (from as GraphQLNamedType).name === (to as GraphQLNamedType).name;
}

const NAME = 'workspace-platform-codegen';

/** True when `argv` passes `--upgrade-to`. */
function wantsUpgrade(argv: readonly string[]): boolean {
  return argv.some((arg) => /^--upgrade-to(=|$)/.test(arg));
}

/** True when `argv` asks for a version tool rather than generation. */
export function wantsVersionTool(argv: readonly string[]): boolean {
  return argv.some((arg) => /^--(upgrade-to|print-schema)(=|$)/.test(arg));
}

function lineOf(node: { loc?: { startToken: { line: number; column: number } } }) {
  return { line: node.loc?.startToken.line ?? 1, column: node.loc?.startToken.column ?? 1 };
}

/**
 * What moving `document` (written against `from`) to `to` changes for it: type changes of what it selects or passes,
 * found by comparing both schemas along the document (an output that only narrows, an input that only widens: safe;
 * any other: breaking), and everything `to`'s validation refuses (removed fields and arguments, new required
 * arguments, removed enum values: breaking).
 */
export function upgradeChanges(
  file: string,
  document: DocumentNode,
  from: GraphQLSchema,
  to: GraphQLSchema,
  toVersion: string,
): UpgradeChange[] {
  const breaks: UpgradeChange[] = [];
  const seen = new Set<string>();
  const add = (
    node: { loc?: { startToken: { line: number; column: number } } },
    message: string,
    kind: UpgradeChange['kind'] = 'breaking',
  ) => {
    const at = lineOf(node);
    const key = `${at.line}:${at.column}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    breaks.push({ file, ...at, kind, message });
  };
  const typeInfo = new TypeInfo(from);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (!parent || !field) return;
        const target = to.getType(parent.name);
        const targetField = target && 'getFields' in target ? target.getFields()[field.name] : undefined;
        if (targetField && String(targetField.type) !== String(field.type)) {
          add(
            node,
            `${parent.name}.${field.name} changed type from ${field.type} to ${targetField.type} in ${toVersion}`,
            onlyNarrows(field.type, targetField.type) ? 'safe' : 'breaking',
          );
        }
        if (!targetField || !('args' in targetField)) return;
        for (const argument of node.arguments ?? []) {
          const before = field.args.find((arg) => arg.name === argument.name.value);
          const after = targetField.args.find((arg) => arg.name === argument.name.value);
          if (before && after && String(before.type) !== String(after.type)) {
            add(
              argument,
              `argument ${argument.name.value} of ${parent.name}.${field.name} changed type from ${before.type} to ${after.type} in ${toVersion}`,
              onlyNarrows(after.type, before.type) ? 'safe' : 'breaking',
            );
          }
        }
      },
      ObjectField(node) {
        const input = typeInfo.getParentInputType();
        const named = input && 'ofType' in input ? undefined : input;
        if (!named || !isInputObjectType(named)) return;
        const before = named.getFields()[node.name.value];
        const targetType = to.getType(named.name);
        const after = targetType && isInputObjectType(targetType) ? targetType.getFields()[node.name.value] : undefined;
        if (before && after && String(before.type) !== String(after.type)) {
          add(
            node,
            `${named.name}.${node.name.value} changed type from ${before.type} to ${after.type} in ${toVersion}`,
            onlyNarrows(after.type, before.type) ? 'safe' : 'breaking',
          );
        }
      },
    }),
  );
  for (const error of validate(to, document)) {
    const node = error.nodes?.[0];
    if (node) add(node, `${error.message.replace(/\s+$/, '')} (in ${toVersion})`);
    else breaks.push({ file, line: 1, column: 1, kind: 'breaking', message: `${error.message} (in ${toVersion})` });
  }
  return breaks.sort((a, b) => a.line - b.line || a.column - b.column);
}

async function readDocumentFiles(patterns: readonly string[], cwd: string) {
  const paths = await expandGlobs(patterns, cwd);
  if (paths.length === 0) throw new SchemaSourceError(`No file matches --documents ${patterns.join(' ')}.`);
  const files: { location: string; document: DocumentNode }[] = [];
  for (const location of paths) {
    const body = await readFile(join(cwd, location), 'utf8');
    try {
      files.push({ location, document: parse(new Source(body, location)) });
    } catch (error) {
      const at = (error as GraphQLError).locations?.[0];
      throw new SchemaSourceError(`${location}:${at?.line ?? 1}:${at?.column ?? 1}: ${(error as Error).message}`);
    }
  }
  return files;
}

/** Fragments defined anywhere in `files`, so each document validates with the fragments it spreads. */
function withAllFragments(document: DocumentNode, files: readonly { document: DocumentNode }[]): DocumentNode {
  const own = new Set(document.definitions.map((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? d.name.value : '')));
  const others = files.flatMap((file) =>
    file.document === document
      ? []
      : file.document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION && !own.has(d.name.value)),
  );
  return others.length === 0 ? document : { ...document, definitions: [...document.definitions, ...others] };
}

/**
 * Runs `--upgrade-to` and/or `--print-schema`. Resolves to the exit code: 0 fine (safe changes only, listed), 1
 * something breaks or a schema cannot be read, 2 a usage error (a malformed or unpublished version among them).
 */
export async function runVersionTool(argv: string[], context: VersionToolContext): Promise<number> {
  const values = readFlags(argv, {
    documents: { type: 'string', multiple: true },
    'api-version': { type: 'string' },
    'upgrade-to': { type: 'string' },
    'print-schema': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (typeof values === 'string') {
    // Name the flag the user passed: `--print-schema x --output y` once blamed an `--upgrade-to` nobody wrote.
    const takes = wantsUpgrade(argv)
      ? '--upgrade-to takes --documents and --api-version only'
      : '--print-schema takes --api-version (or --upgrade-to with --documents) only';
    context.err(`${NAME}: ${values} (${takes})`);
    return 2;
  }
  const askedFrom = values['api-version'] ?? API_VERSION;
  const askedTo = values['upgrade-to'];
  for (const [flag, version] of [
    ['--api-version', askedFrom],
    ['--upgrade-to', askedTo],
  ] as const) {
    if (version !== undefined && !isApiVersion(version)) {
      context.err(`${NAME}: ${flag} must be ${VERSION_FORM_HINT}; got "${version}".`);
      return 2;
    }
  }
  const at = new Date((context.now ?? Date.now)());
  const chosen: string[] = [];
  for (const version of askedTo === undefined ? [askedFrom] : [askedFrom, askedTo]) {
    const choice = chooseVersion(version, at);
    if (!choice.ok) {
      context.err(`${NAME}: ${choice.message}`);
      return 2;
    }
    if (choice.note) context.err(`${NAME}: ${choice.note}`);
    chosen.push(choice.version);
  }
  const fromVersion = chosen[0] as string;
  const toVersion = askedTo === undefined ? undefined : chosen[1];
  if (toVersion !== undefined && !values.documents?.length) {
    context.err(`${NAME}: --upgrade-to needs --documents: the operations to check.`);
    return 2;
  }
  try {
    const source = { cwd: context.cwd, env: context.env };
    if (values['print-schema']) {
      const version = toVersion ?? fromVersion;
      const { sdl, from } = await readSchema({ ...source, apiVersion: version });
      const target = resolve(context.cwd, values['print-schema']);
      await writeCreatingFolder(target, sdl.endsWith('\n') ? sdl : `${sdl}\n`);
      context.out(`${NAME}: wrote the schema of API version ${version} to ${values['print-schema']} (from ${from})`);
    }
    if (toVersion === undefined) return 0;
    const before = await readSchema({ ...source, apiVersion: fromVersion });
    const after = await readSchema({ ...source, apiVersion: toVersion });
    const from = schemaFromSdl(before.sdl, before.from);
    const to = schemaFromSdl(after.sdl, after.from);
    const files = await readDocumentFiles(values.documents ?? [], context.cwd);
    const changes = files.flatMap((file) =>
      upgradeChanges(file.location, withAllFragments(file.document, files), from, to, toVersion),
    );
    const breaks = changes.filter((change) => change.kind === 'breaking');
    const safe = changes.filter((change) => change.kind === 'safe');
    for (const found of safe) context.out(`${found.file}:${found.line}:${found.column}: safe: ${found.message}`);
    for (const found of breaks) context.err(`${found.file}:${found.line}:${found.column}: breaking: ${found.message}`);
    const unbreaking = safe.length > 0 ? `; ${safe.length} change(s) that cannot break a client, listed above` : '';
    if (breaks.length > 0) {
      const broken = new Set(breaks.map((found) => found.file)).size;
      context.err(
        `${NAME}: moving from ${fromVersion} to ${toVersion} breaks ${breaks.length} place(s) in ${broken} of ${files.length} file(s)${unbreaking}.`,
      );
      return 1;
    }
    context.out(
      `${NAME}: all ${files.length} file(s) work unchanged on API version ${toVersion} (from ${fromVersion})${unbreaking}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SchemaSourceError) {
      context.err(`${NAME}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
