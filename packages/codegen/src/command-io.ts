/**
 * What the codegen command's three modes (generate in ./run.ts, versions in ./upgrade.ts, boards in
 * ./boards/command.ts) share at their edge: flags read strictly, SDL built with a message naming its source, and a
 * generated file written with its folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { SchemaSourceError } from './schema-source.js';

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** The flags of `argv` by `options` (no positionals, no unknown flag), or the parser's message when they are wrong. */
export function readFlags<const T extends FlagOptions>(
  argv: string[],
  options: T,
):
  | ReturnType<typeof parseArgs<{ args: string[]; strict: true; allowPositionals: false; options: T }>>['values']
  | string {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The schema of `sdl`; SDL that does not build fails naming where it came from. */
export function schemaFromSdl(sdl: string, from: string): GraphQLSchema {
  try {
    return buildSchema(sdl);
  } catch (error) {
    throw new SchemaSourceError(`The schema from ${from} is not valid SDL: ${(error as Error).message}`);
  }
}

/** Writes `content` to `target`, creating its folder. */
export async function writeCreatingFolder(target: string, content: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, content);
}
