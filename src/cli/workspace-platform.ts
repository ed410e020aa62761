#!/usr/bin/env node
/**
 * The `workspace-platform` bin: runs the command line in this process and exits with its code (see `--help`).
 * Ctrl+C (SIGINT) or SIGTERM stops the job at its next step, keeping what was done; a second one exits at once.
 */
import { runCli } from './cli.js';
import { EXIT } from './command-io.js';

const controller = new AbortController();
const stop = (): void => {
  if (controller.signal.aborted) process.exit(EXIT.interrupted);
  controller.abort(new Error('interrupted'));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: {
    write: (text) => process.stderr.write(text),
    isTTY: process.stderr.isTTY === true,
    get columns() {
      return process.stderr.columns;
    },
  },
  signal: controller.signal,
  cwd: process.cwd(),
});
process.exitCode = code;
