/**
 * What the subcommands share about their command lines: a usage mistake (exit 2, nothing sent), reported the same
 * way by each, and the parser's failure turned into one line that echoes only a flag-like word, never an argument
 * that could be a token pasted in the wrong place. Pinned by packages/emulator/test/commands/snapshot-command.test.ts
 * and packages/emulator/test/commands/parity.test.ts.
 */

import { type ParseArgsConfig, parseArgs } from 'node:util';

/** The environment variable holding the token the subcommands read with. */
export const TOKEN_ENV = 'WORKSPACE_PLATFORM_TOKEN';

/** A usage mistake: exit 2, nothing sent. */
export class UsageError extends Error {}

/** The parser's failure as a usage mistake, naming the option only when it looks like one. */
export function parseFailure(error: unknown): UsageError {
  const given = /'(-{1,2}[^']*)'/.exec((error as Error).message)?.[1];
  const shown = given !== undefined && /^--?[a-z][a-z-]{0,30}$/.test(given) ? ` ${given}` : '';
  return new UsageError(`unknown option${shown} (the token goes in ${TOKEN_ENV}, never on the command line).`);
}

/** The flags of `argv`, strictly parsed; a parser failure becomes a {@link UsageError} (see {@link parseFailure}). */
export function parseFlags(
  argv: string[],
  options: NonNullable<ParseArgsConfig['options']>,
): Record<string, string | boolean | string[] | undefined> {
  try {
    return parseArgs({ args: argv, strict: true, options }).values as Record<
      string,
      string | boolean | string[] | undefined
    >;
  } catch (error) {
    throw parseFailure(error);
  }
}

/**
 * Runs `parse` and reports a usage mistake as the subcommand `name`'s: resolves to the parsed value, or to the exit
 * code 2 once the mistake is printed.
 */
export async function parsedOrExit<T>(
  name: string,
  parse: () => T | Promise<T>,
  err: (line: string) => void,
): Promise<T | { exit: 2 }> {
  try {
    return await parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`workspace-platform-emulator ${name}: ${error.message}`);
    err(`Run workspace-platform-emulator ${name} --help for the options.`);
    return { exit: 2 };
  }
}
