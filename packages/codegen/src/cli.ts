#!/usr/bin/env node
/**
 * The `workspace-platform-codegen` command: typed documents for an app's own `.graphql` operations.
 * See `./run.ts` for what it does and `--help` for its arguments.
 */
import { runCodegen } from './run.js';

runCodegen(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('workspace-platform-codegen failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
