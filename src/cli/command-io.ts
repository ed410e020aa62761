/**
 * What a command of `workspace-platform` works with, handed in so that tests run it in process: the environment,
 * where its data and its messages go, and the signal that stops it (Ctrl+C). Also its exit codes and its one error
 * for a wrong command line.
 */
import type { Writable } from 'node:stream';
import type { DisplayTarget } from './progress-display.js';

/** What a command runs with. */
export interface CommandIo {
  /** The environment: the token and the API host come from it. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where data goes when no `--output` file is given. */
  stdout: Writable;
  /** Where messages and progress go. */
  stderr: DisplayTarget;
  /** Aborted when the user interrupts the command. */
  signal: AbortSignal;
  /** The directory relative paths are read from. */
  cwd: string;
}

/** The exit codes, as `--help` lists them. */
export const EXIT = {
  /** The job is done. */
  ok: 0,
  /**
   * The job failed: the API refused it (an unknown board too: a request was sent to learn it) or could not be
   * reached, or a file could not be read or written.
   */
  failed: 1,
  /** The command line or the environment is wrong: nothing was sent (a code never claims less than happened). */
  usage: 2,
  /** The import ran to its end, but the platform refused some rows (listed on standard error). */
  rowsFailed: 3,
  /** Interrupted (Ctrl+C): what was done is kept; with `--checkpoint` the same command resumes it. */
  interrupted: 130,
} as const;

/** The environment variable holding the API token. */
export const TOKEN_ENV = 'WORKSPACE_PLATFORM_TOKEN';
/** The environment variable holding the API host. */
export const BASE_URL_ENV = 'WORKSPACE_PLATFORM_BASE_URL';

/** A wrong command line or environment: the message says what to fix. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Writes `text` to `stream`, resolving once the stream takes more (its back-pressure respected). */
export function writeTo(stream: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (stream.write(text)) {
      done();
      return;
    }
    const onError = (error: Error) => {
      stream.off('drain', onDrain);
      reject(error);
    };
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}
