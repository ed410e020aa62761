/**
 * The version tools of `workspace-platform-codegen`:
 * - `--upgrade-to V`: checks the app's documents, written for `--api-version` (default: this package's), against
 *   version V's schema and lists, per file and line, what the move breaks: a field or argument V removed, an
 *   argument V made required, a field or argument whose type changed, anything else V's schema refuses. Exit 1 when
 *   anything breaks, so CI can gate a version move.
 * - `--print-schema <file>`: writes the SDL of `--api-version` (or of V with `--upgrade-to`) for editors and tools.
 * Schemas come from the same sources as generation (`--schema` is not taken: two versions are compared).
 * Pinned by test/codegen/upgrade.test.ts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildSchema,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  isInputObjectType,
  Kind,
  parse,
  Source,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { API_VERSION, isApiVersion } from 'workspace-platform-sdk';
import { expandGlobs } from './glob.js';
import { readSchema, SchemaSourceError } from './schema-source.js';
import { VERSION_FORM_HINT } from './settings.js';

/** Where the command runs and prints (the same as the generator's). */
export interface VersionToolContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** One thing an upgrade breaks, at a place in a document. */
export interface UpgradeBreak {
  /** File, relative to the working directory. */
  file: string;
  line: number;
  column: number;
  /** What breaks, e.g. `User.is_admin was removed in 2026-10`. */
  message: string;
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
 * What moving `document` (written against `from`) to `to` breaks: type changes of what it selects or passes, found by
 * comparing both schemas along the document, and everything `to`'s validation refuses (removed fields and arguments,
 * new required arguments, removed enum values).
 */
export function upgradeBreaks(
  file: string,
  document: DocumentNode,
  from: GraphQLSchema,
  to: GraphQLSchema,
  toVersion: string,
): UpgradeBreak[] {
  const breaks: UpgradeBreak[] = [];
  const seen = new Set<string>();
  const add = (node: { loc?: { startToken: { line: number; column: number } } }, message: string) => {
    const at = lineOf(node);
    const key = `${at.line}:${at.column}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    breaks.push({ file, ...at, message });
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
          );
        }
      },
    }),
  );
  for (const error of validate(to, document)) {
    const node = error.nodes?.[0];
    if (node) add(node, `${error.message.replace(/\s+$/, '')} (in ${toVersion})`);
    else breaks.push({ file, line: 1, column: 1, message: `${error.message} (in ${toVersion})` });
  }
  return breaks.sort((a, b) => a.line - b.line || a.column - b.column);
}

function parseVersionArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      documents: { type: 'string', multiple: true },
      'api-version': { type: 'string' },
      'upgrade-to': { type: 'string' },
      'print-schema': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
}

function schemaOf(sdl: string, from: string): GraphQLSchema {
  try {
    return buildSchema(sdl);
  } catch (error) {
    throw new SchemaSourceError(`The schema from ${from} is not valid SDL: ${(error as Error).message}`);
  }
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

/** Runs `--upgrade-to` and/or `--print-schema`. Resolves to the exit code (0 fine, 1 breaks or failure, 2 usage). */
export async function runVersionTool(argv: string[], context: VersionToolContext): Promise<number> {
  let values: ReturnType<typeof parseVersionArgs>;
  try {
    values = parseVersionArgs(argv);
  } catch (error) {
    // Name the flag the user passed: `--print-schema x --output y` once blamed an `--upgrade-to` nobody wrote.
    const takes = wantsUpgrade(argv)
      ? '--upgrade-to takes --documents and --api-version only'
      : '--print-schema takes --api-version (or --upgrade-to with --documents) only';
    context.err(`${NAME}: ${(error as Error).message} (${takes})`);
    return 2;
  }
  const fromVersion = values['api-version'] ?? API_VERSION;
  const toVersion = values['upgrade-to'];
  for (const [flag, version] of [
    ['--api-version', fromVersion],
    ['--upgrade-to', toVersion],
  ] as const) {
    if (version !== undefined && !isApiVersion(version)) {
      context.err(`${NAME}: ${flag} must be ${VERSION_FORM_HINT}; got "${version}".`);
      return 2;
    }
  }
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
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, sdl.endsWith('\n') ? sdl : `${sdl}\n`);
      context.out(`${NAME}: wrote the schema of API version ${version} to ${values['print-schema']} (from ${from})`);
    }
    if (toVersion === undefined) return 0;
    const before = await readSchema({ ...source, apiVersion: fromVersion });
    const after = await readSchema({ ...source, apiVersion: toVersion });
    const from = schemaOf(before.sdl, before.from);
    const to = schemaOf(after.sdl, after.from);
    const files = await readDocumentFiles(values.documents ?? [], context.cwd);
    const breaks = files.flatMap((file) =>
      upgradeBreaks(file.location, withAllFragments(file.document, files), from, to, toVersion),
    );
    for (const found of breaks) context.err(`${found.file}:${found.line}:${found.column}: ${found.message}`);
    if (breaks.length > 0) {
      const broken = new Set(breaks.map((found) => found.file)).size;
      context.err(
        `${NAME}: moving from ${fromVersion} to ${toVersion} breaks ${breaks.length} place(s) in ${broken} of ${files.length} file(s).`,
      );
      return 1;
    }
    context.out(
      `${NAME}: all ${files.length} file(s) work unchanged on API version ${toVersion} (from ${fromVersion}).`,
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
