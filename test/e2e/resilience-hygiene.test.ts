/**
 * Process hygiene: calls aborted during long waits (a Retry-After sleep, a throttle hold, a request in
 * flight) leave nothing behind. A child process aborts them and must then exit on its own, long before
 * any of those waits would have ended.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { closeEmulators, startTestEmulator } from './harness.js';

const CHILD = fileURLToPath(new URL('./fixtures/abort-during-wait.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  await closeEmulators();
});

interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the child's result line to its exit. */
  exitDelayMs: number;
}

/** Runs the child with tsx; kills it (and fails) if it has not exited after `limitMs`. */
function runChild(baseUrl: string, limitMs: number): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let printedAt = Number.NaN;
    let stdout = '';
    let stderr = '';
    const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, baseUrl], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const guard = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`The child had not exited after ${limitMs} ms. stdout: ${stdout} stderr: ${stderr}`));
    }, limitMs);
    proc.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (Number.isNaN(printedAt) && stdout.includes('\n')) printedAt = performance.now();
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    proc.on('error', (error) => {
      clearTimeout(guard);
      reject(error);
    });
    proc.on('exit', (code) => {
      clearTimeout(guard);
      const exitedAt = performance.now();
      resolve({ code, stdout, stderr, exitDelayMs: exitedAt - (Number.isNaN(printedAt) ? started : printedAt) });
    });
  });
}

describe('process hygiene', () => {
  it('after aborting calls stuck in a Retry-After sleep, a throttle hold and a slow request, the process exits on its own', async () => {
    const emulator = await startTestEmulator({
      faults: [
        {
          kind: 'respond',
          status: 429,
          headers: { 'retry-after': '20', 'content-type': 'application/json' },
          body: JSON.stringify({ errors: [{ message: 'Slow down.', extensions: { code: 'RATE_LIMIT_EXCEEDED' } }] }),
          nth: [1],
        },
        { kind: 'latency', ms: 10_000, nth: [2] },
      ],
    });

    const run = await runChild(emulator.baseUrl, 15_000);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const results = JSON.parse(run.stdout.trim());
    expect(results).toMatchObject({
      retrySleep: { name: 'NetworkError', aborted: true },
      throttleHold: { name: 'NetworkError', aborted: true },
      inFlight: { name: 'NetworkError', aborted: true },
    });
    // Far shorter than the 20 s Retry-After and the 10 s latency: nothing kept the process waiting. The
    // margin is wide because a loaded CI machine can take a second or more to tear a Node process down.
    expect(run.exitDelayMs).toBeLessThan(5_000);
    expect(emulator.stats.received).toBe(2); // the held call was never sent
  }, 20_000);
});
