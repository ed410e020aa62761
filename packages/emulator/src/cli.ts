#!/usr/bin/env node
/**
 * `workspace-platform-emulator`: runs the emulator until SIGINT or SIGTERM, printing its addresses, its
 * limits and the tokens to use against it. Options come from flags and `--config file.json` (see
 * `--help`); a mistake prints one line saying what to fix.
 */
import { readFileSync } from 'node:fs';
import { CliUsageError, parseCli, USAGE, WEBHOOK_SECRET_ENV } from './cli-options.js';
import { runParityCommand } from './commands/parity-command.js';
import { runSnapshotCommand } from './commands/snapshot-command.js';
import {
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  type Emulator,
  type EmulatorOptions,
  startEmulator,
} from './index.js';

const NAME = 'workspace-platform-emulator';

/** Parses the command line, starts the emulator and stops it on a signal. */
async function main(argv: string[]): Promise<void> {
  const request = parseCli(argv, (path) => readFileSync(path, 'utf8'), process.env);
  if (request.help) {
    console.log(USAGE);
    return;
  }
  const { options } = request;
  let emulator: Emulator;
  try {
    emulator = await startEmulator({
      ...options,
      ...(request.quiet ? {} : { log: (line: string) => console.log(line) }),
    });
  } catch (error) {
    throw new Error(startFailure(error, options.host ?? '127.0.0.1', options.port ?? 4010));
  }
  console.log(banner(emulator, options.tokens !== undefined, webhooksLine(options.webhooks, process.env)));
  const stop = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping the emulator`);
    emulator.close().then(
      () => {
        if (options.exportOnExit !== undefined) console.log(`wrote the emulator's state to ${options.exportOnExit}`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`${NAME}: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** One line for a server that could not start: a port in use or not allowed, or the option at fault. */
function startFailure(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE') {
    return `port ${port} on ${host} is already in use (another emulator?); stop it or choose another with --port (0 picks a free one).`;
  }
  if (code === 'EACCES')
    return `not allowed to listen on port ${port} on ${host}; choose a port above 1023 with --port.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `cannot listen on host ${host}: no such local address; check --host.`;
  return error instanceof Error ? error.message : String(error);
}

/** What the emulator does with webhooks; names where the signing secret came from, never the secret. */
function webhooksLine(webhooks: EmulatorOptions['webhooks'], env: NodeJS.ProcessEnv): string {
  if (webhooks === undefined) return 'recorded, not delivered (--webhooks delivers them)';
  if (webhooks.signingSecret === undefined)
    return `delivered to loopback URLs, unsigned (set ${WEBHOOK_SECRET_ENV} to sign)`;
  const source = env[WEBHOOK_SECRET_ENV] === undefined ? 'the config file' : WEBHOOK_SECRET_ENV;
  return `delivered to loopback URLs, signed with the secret from ${source}`;
}

function banner(emulator: Emulator, customTokens: boolean, webhooks: string): string {
  const { limits } = emulator;
  const tokens = customTokens
    ? 'Tokens: those of the config file (send as "Authorization: <token>").'
    : `Demo tokens (send as "Authorization: <token>" or "Authorization: Bearer <token>"):
  ${DEMO_TOKEN}        every scope, account acme
  ${DEMO_READ_ONLY_TOKEN}       read scopes only, account acme
  ${DEMO_OTHER_ACCOUNT_TOKEN}   every scope, account globex`;
  const n = (value: number) => value.toLocaleString('en');
  return `Workspace Platform emulator listening
  baseUrl  ${emulator.baseUrl}   (GraphQL: POST ${emulator.baseUrl}/v2, schema: GET ${emulator.baseUrl}/v2/get_schema)
  authUrl  ${emulator.authUrl}   (OAuth: ${emulator.authUrl}/oauth2/authorize, ${emulator.authUrl}/oauth2/token)
  versions ${emulator.versions.join(', ')} (default ${emulator.defaultVersion})
  limits   ${n(limits.minuteRate.quota)} requests per ${limits.minuteRate.windowSeconds} s, ${n(limits.concurrency.quota)} in flight, complexity budget ${n(limits.complexity.quota)} per ${limits.complexity.windowSeconds} s, ${n(limits.daily.quota)} requests per day
  webhooks ${webhooks}
${tokens}
Press Ctrl+C to stop.`;
}

const argv = process.argv.slice(2);
/** The subcommands, each resolving to its exit code. */
const SUBCOMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  snapshot: (args) => runSnapshotCommand(args, { env: process.env, out: console.log, err: console.error }),
  parity: (args) =>
    runParityCommand(args, { env: process.env, cwd: process.cwd(), out: console.log, err: console.error }),
};
const subcommand = argv[0] === undefined ? undefined : SUBCOMMANDS[argv[0]];
if (subcommand) {
  subcommand(argv.slice(1)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${NAME} ${argv[0]}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
} else
  main(argv).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`${NAME}: ${message}`);
    if (error instanceof CliUsageError) console.error(`Run ${NAME} --help for the options.`);
    process.exit(1);
  });
