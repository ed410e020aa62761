#!/usr/bin/env node
/**
 * `workspace-platform-emulator [--port 4010] [--host 127.0.0.1] [--quiet]`: runs the emulator until
 * SIGINT or SIGTERM, printing its addresses and the demo tokens to use against it.
 */
import { parseArgs } from 'node:util';
import { DEMO_OTHER_ACCOUNT_TOKEN, DEMO_READ_ONLY_TOKEN, DEMO_TOKEN, startEmulator } from './index.js';

const USAGE = `Usage: workspace-platform-emulator [--port 4010] [--host 127.0.0.1] [--quiet]

Runs a local Workspace Platform API emulator until interrupted.
  --port   Port to listen on (0 picks a free one). Default 4010.
  --host   Interface to bind. Default 127.0.0.1.
  --quiet  Do not print one line per request.`;

/** Parses the command line, starts the emulator and stops it on a signal. */
async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be 0-65535, got ${values.port}`);
  const emulator = await startEmulator({
    port,
    host: values.host,
    ...(values.quiet ? {} : { log: (line: string) => console.log(line) }),
  });
  console.log(`Workspace Platform emulator listening
  baseUrl  ${emulator.baseUrl}   (GraphQL: POST ${emulator.baseUrl}/v2, schema: GET ${emulator.baseUrl}/v2/get_schema)
  authUrl  ${emulator.authUrl}   (OAuth: ${emulator.authUrl}/oauth2/authorize, ${emulator.authUrl}/oauth2/token)
  versions ${emulator.versions.join(', ')} (default ${emulator.defaultVersion})
Demo tokens (send as "Authorization: <token>" or "Authorization: Bearer <token>"):
  ${DEMO_TOKEN}        every scope, account acme
  ${DEMO_READ_ONLY_TOKEN}       read scopes only, account acme
  ${DEMO_OTHER_ACCOUNT_TOKEN}   every scope, account globex
Press Ctrl+C to stop.`);
  const stop = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping the emulator`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`workspace-platform-emulator: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
