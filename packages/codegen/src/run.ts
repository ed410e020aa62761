/**
 * `workspace-platform-codegen`, as a function: parses the arguments, reads the schema and the documents,
 * generates the file, and writes it or (with `--check`) compares it. Returns the exit code; prints to the
 * streams it is given, so tests run it in-process.
 */

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { API_VERSION, isApiVersion } from 'workspace-platform-sdk';
import { BOARD_HELP, BOARD_USAGE_LINE, runBoards, wantsBoards } from './boards/command.js';
import { CodegenProblemsError } from './collisions.js';
import { readFlags, schemaFromSdl, writeCreatingFolder } from './command-io.js';
import { readDocuments } from './documents.js';
import { createPlatformPlugin } from './plugin.js';
import { readSchema, SchemaSourceError } from './schema-source.js';
import { VERSION_FORM_HINT } from './settings.js';
import { CodegenToolchainMissingError, loadToolchain } from './toolchain.js';
import { runVersionTool, wantsVersionTool } from './upgrade.js';
import { chooseVersion } from './versions.js';

/** Where the command runs and prints. */
export interface CodegenRunContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Now, in milliseconds since the epoch, for which versions are retired (./versions.ts). Default `Date.now`. */
  now?: () => number;
}

const NAME = 'workspace-platform-codegen';

/** The usage text. */
export const USAGE = `Usage: ${NAME} --documents <glob> [--documents <glob> ...] --output <file.ts>
         [--api-version YYYY-MM] [--schema <sdl-file-or-url>] [--check]
       ${NAME} --documents <glob> --upgrade-to YYYY-MM [--api-version YYYY-MM]
       ${NAME} --print-schema <file.graphql> [--api-version YYYY-MM]
${BOARD_USAGE_LINE}

Generates typed documents for your .graphql operations: FooDocument, FooQuery, FooQueryVariables.
  --documents    globs of .graphql files (repeatable), e.g. "src/**/*.graphql"
  --output       the file to generate, e.g. src/platform.generated.ts
  --api-version  the API version to generate for (default ${API_VERSION}); an unpublished one is refused
                 (exit 2), a retired one is generated for the version the platform answers it with
  --schema       an SDL file, or a URL read with GET as SDL. Default: $WORKSPACE_PLATFORM_BASE_URL's
                 /v2/get_schema when set, else the emulator's published schema (offline)
  --check        generate in memory; exit 1 when the output file is not up to date
  --upgrade-to   check the documents (written for --api-version) against this version; list per file and
                 line what breaks a client (removed fields, changed types, new required arguments) and what
                 cannot (an output becoming non-null); exit 1 only if something breaks
  --print-schema write the SDL of --api-version (or of --upgrade-to) to a file, for editors and tools

${BOARD_HELP}

Exit codes: 0 done or up to date; 1 out of date, invalid documents, a breaking upgrade or an unreadable schema;
2 a usage error (an unknown flag, a malformed or unpublished version).`;

/** Exit codes: 0 done or up to date, 1 stale or invalid input, 2 usage error (an unpublished version among them). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

interface Arguments {
  documents: string[];
  output: string;
  apiVersion: string;
  schema?: string;
  check: boolean;
}

function parseArguments(argv: string[]): Arguments | string {
  const values = readFlags(argv, {
    documents: { type: 'string', multiple: true },
    output: { type: 'string' },
    'api-version': { type: 'string' },
    schema: { type: 'string' },
    check: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (typeof values === 'string') return values;
  if (values.help) return '';
  const documents = values.documents ?? [];
  if (documents.length === 0) return 'Missing --documents.';
  if (!values.output) return 'Missing --output.';
  const apiVersion = values['api-version'] ?? API_VERSION;
  if (!isApiVersion(apiVersion)) return `--api-version must be ${VERSION_FORM_HINT}; got "${apiVersion}".`;
  const parsed: Arguments = { documents, output: values.output, apiVersion, check: values.check ?? false };
  if (values.schema) parsed.schema = values.schema;
  return parsed;
}

function reportProblems(problems: readonly string[], context: CodegenRunContext): number {
  for (const problem of problems) context.err(problem);
  context.err(`${NAME}: ${problems.length} problem(s) in the documents; nothing generated.`);
  return EXIT.failed;
}

/** Runs the command with `argv` (without node and the script). Resolves to the exit code. */
export async function runCodegen(argv: string[], context: CodegenRunContext): Promise<number> {
  if (wantsVersionTool(argv)) return runVersionTool(argv, context);
  if (wantsBoards(argv)) return runBoards(argv, context);
  const args = parseArguments(argv);
  if (typeof args === 'string') {
    if (args) context.err(`${NAME}: ${args}`);
    (args ? context.err : context.out)(USAGE);
    return args ? EXIT.usage : EXIT.ok;
  }
  const choice = chooseVersion(args.apiVersion, new Date((context.now ?? Date.now)()), args.schema !== undefined);
  if (!choice.ok) {
    context.err(`${NAME}: ${choice.message}`);
    return EXIT.usage;
  }
  if (choice.note) context.err(`${NAME}: ${choice.note}`);
  args.apiVersion = choice.version;
  const started = performance.now();
  try {
    const toolchain = await loadToolchain();
    const { sdl, from } = await readSchema({ ...args, cwd: context.cwd, env: context.env });
    const schema = schemaFromSdl(sdl, from);
    const read = await readDocuments(args.documents, context.cwd, schema);
    if (!read.ok) return reportProblems(read.problems, context);
    const generated = await createPlatformPlugin(toolchain).plugin(
      schema,
      read.files,
      { apiVersion: args.apiVersion },
      { outputFile: args.output },
    );
    const content = typeof generated === 'string' ? generated : generated.content;
    const target = resolve(context.cwd, args.output);
    const ms = Math.round(performance.now() - started);
    const operations = read.files.reduce(
      (n, file) => n + file.document.definitions.filter((d) => d.kind === 'OperationDefinition').length,
      0,
    );
    if (args.check) {
      const current = await readFile(target, 'utf8').catch(() => undefined);
      if (current !== content) {
        context.err(`${NAME}: ${args.output} is out of date; run ${NAME} without --check and commit the result.`);
        return EXIT.failed;
      }
      context.out(
        `${NAME}: ${args.output} is up to date (${operations} operations, API version ${args.apiVersion}, ${ms} ms)`,
      );
      return EXIT.ok;
    }
    await writeCreatingFolder(target, content);
    context.out(
      `${NAME}: wrote ${args.output} (${operations} operations, API version ${args.apiVersion}, schema from ${from}, ${ms} ms)`,
    );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CodegenProblemsError) return reportProblems(error.problems, context);
    if (error instanceof CodegenToolchainMissingError || error instanceof SchemaSourceError) {
      context.err(`${NAME}: ${error.message}`);
      return EXIT.failed;
    }
    throw error;
  }
}
